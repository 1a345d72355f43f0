// URL allow-lists for links and images: nothing that can run script (javascript:, vbscript:, data: other than images).
import { decodeEntities } from "./entities";

const LINK_SCHEMES = new Set(["http", "https", "mailto", "tel"]);
const IMAGE_SCHEMES = new Set(["http", "https"]);
const SAFE_DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|avif|bmp);/i;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// Browsers drop ASCII tab/newline anywhere and C0 controls and spaces at the ends before parsing a URL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters the URL parser ignores
const IGNORED_BY_URL_PARSER = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g;

function normalise(url: string): string {
  let text = url;
  // Decode twice so `&amp;#106;` style double encoding cannot smuggle a scheme past the check.
  for (let i = 0; i < 2; i++) text = decodeEntities(text);
  try {
    text = decodeURIComponent(text);
  } catch {
    /* keep as is */
  }
  return text.replace(IGNORED_BY_URL_PARSER, "").replace(/\\/g, "/");
}

function schemeOf(url: string): string | null {
  const match = SCHEME.exec(normalise(url));
  return match ? match[1]!.toLowerCase() : null;
}

/** The href to render for a link, or null when it must render as plain text. */
export function safeHref(url: string): string | null {
  const trimmed = url.trim();
  if (!trimmed) return null;
  const scheme = schemeOf(trimmed);
  if (scheme !== null && !LINK_SCHEMES.has(scheme)) return null;
  return trimmed.replace(IGNORED_BY_URL_PARSER, "");
}

/** The src to render for an image, or null when the image must not render. */
export function safeImageSrc(url: string): string | null {
  const trimmed = url.trim().replace(IGNORED_BY_URL_PARSER, "");
  if (!trimmed) return null;
  if (SAFE_DATA_IMAGE.test(trimmed)) return trimmed;
  const scheme = schemeOf(trimmed);
  if (scheme !== null && !IMAGE_SCHEMES.has(scheme)) return null;
  return trimmed;
}
