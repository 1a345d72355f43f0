// The web's building blocks are written once. A failed write is toasted by the mutation cache's one handler
// (web/src/queries/errorToast.ts), not again by each caller; Switch, Field, TextInput and CopyButton live in
// web/src/components/ui only (a second copy drifts in look and in what a screen reader hears). This reads every
// source file of web/src and fails on a hand-written `toast.error(errorMessage(` outside the few places whose
// failure is no mutation's, and on a component of those names, or a hand-made switch, defined anywhere else. And
// every part of the app loaded after the first screen loads the strings beyond the first screen's with it
// (withAllStrings, web/src/i18n), or it would show a key until they came.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const WEB = join(ROOT, "web", "src");

const isSource = (name: string) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.startsWith("test/");

function sources(): Array<{ path: string; text: string }> {
  return readdirSync(WEB, { recursive: true, encoding: "utf8" })
    .filter(isSource)
    .map((name) => ({ path: name.split("\\").join("/"), text: readFileSync(join(WEB, name), "utf8") }));
}

/** Where an error toast in errorMessage's words is written by hand, and why it is not a mutation's. */
const OWN_ERROR_TOASTS: Record<string, string> = {
  "queries/errorToast.ts": "the mutation cache's handler itself",
  "components/Bulk/useBulkActions.ts": "the selection's export is a download, not a mutation",
  "components/Settings/ExportDataCard.tsx": "the export is a download, not a mutation",
  "offline/MemoSyncState.tsx": "resolving a conflict is the outbox's work, not a mutation",
};

const HAND_WRITTEN_TOAST = /toast\.error\(errorMessage\(/;

/** A lazily loaded component that does not bring the rest of the strings (the router's pages are checked apart). */
const LAZY_WITHOUT_STRINGS = /\blazy\((?!withAllStrings\(|PAGES\[)/;
/** A page the router loads as it is, without the rest of the strings. */
const PLAIN_PAGE = /^\s*"[^"]+": \(\) => import\("\.\.\/pages\/(\w+)"\),$/gm;
/** The first screen's pages, as web/vite.config.ts names them. */
const FIRST_SCREEN_PAGE = /"src\/pages\/(\w+)\.tsx"/g;

const UI = "components/ui/";
const BLOCKS = ["Switch", "Field", "TextInput", "CopyButton"];
const DEFINES_BLOCK = new RegExp(String.raw`\b(?:function|const|class)\s+(?:${BLOCKS.join("|")})\b`);
const HAND_MADE_SWITCH = /role=["{]["']?switch/;

describe("the web's building blocks", () => {
  it("a failed write's toast is the mutation cache's: no file writes toast.error(errorMessage( by hand", () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap(({ path, text }) =>
      text
        .split("\n")
        .flatMap((line, index) =>
          HAND_WRITTEN_TOAST.test(line) && !(path in OWN_ERROR_TOASTS) ? [`web/src/${path}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });

  it("the places allowed their own error toast still have one (a stale entry is removed)", () => {
    const texts = new Map(sources().map(({ path, text }) => [path, text]));
    for (const path of Object.keys(OWN_ERROR_TOASTS)) expect(HAND_WRITTEN_TOAST.test(texts.get(path) ?? ""), path).toBe(true);
  });

  it("Switch, Field, TextInput and CopyButton are defined in components/ui only", () => {
    const files = sources();
    const found = files
      .filter(({ path }) => !path.startsWith(UI))
      .filter(({ text }) => DEFINES_BLOCK.test(text) || HAND_MADE_SWITCH.test(text))
      .map(({ path }) => `web/src/${path}`);
    expect(found).toEqual([]);
    for (const block of BLOCKS) expect(files.some(({ path }) => path === `${UI}${block}.tsx`)).toBe(true);
  });

  it("a part loaded lazily brings the strings beyond the first screen's; the router's pages too, but the first screen's", () => {
    const files = sources();
    const found = files.flatMap(({ path, text }) =>
      text.split("\n").flatMap((line, index) => (LAZY_WITHOUT_STRINGS.test(line) ? [`web/src/${path}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
    const router = files.find(({ path }) => path === "router/index.tsx")!.text;
    const plainPages = [...router.matchAll(PLAIN_PAGE)].map((match) => match[1]).sort();
    const firstScreen = [...readFileSync(join(ROOT, "web", "vite.config.ts"), "utf8").matchAll(FIRST_SCREEN_PAGE)]
      .map((match) => match[1])
      .sort();
    expect(firstScreen.length).toBeGreaterThan(0);
    expect(plainPages).toEqual(firstScreen);
  });
});
