// The web app's manifest (what a browser needs to install it), named after the instance's customized profile.
import type { CustomizedProfile } from "@memos/common";

/** The light theme's page colour and the brand green (web/src/styles.css, index.html). */
const BACKGROUND = "#f4f4f5";
const THEME = "#16a34a";
/** Launchers cut a short name at about 12 characters. */
const SHORT_NAME_LENGTH = 12;

export function presentWebManifest(profile: CustomizedProfile) {
  const name = profile.name.trim() || "memos";
  const shortName = name.length > SHORT_NAME_LENGTH ? `${name.slice(0, SHORT_NAME_LENGTH - 1).trimEnd()}…` : name;
  return {
    id: "/",
    name,
    short_name: shortName,
    description: profile.description.trim() || "A memo hub",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: BACKGROUND,
    theme_color: THEME,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    // The installed app is offered in the system's share sheet: a shared page opens the editor with its title,
    // text and link (web/src/router: /share).
    share_target: { action: "/share", method: "GET", params: { title: "title", text: "text", url: "url" } },
  };
}
