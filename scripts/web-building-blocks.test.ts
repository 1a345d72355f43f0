// The web's building blocks are written once. A failed write is toasted by the mutation cache's one handler
// (web/src/queries/errorToast.ts), not again by each caller; the controls (Switch, Field, TextInput, CopyButton,
// ExpiryField), the dialogs of a form or of a paged list (FormDialog, PagedListDialog), a list's loading, failed and
// empty states (ListState) and the settings' lists (SettingsListCard) each live in one file (a second copy drifts in
// look, in its states and in what a screen reader hears). This reads every source file of web/src and fails on a
// hand-written `toast.error(errorMessage(` outside the few places whose failure is no mutation's, on a component of
// those names defined anywhere else, and on a file that writes one of them out by hand (a dialog holding a form, a
// dialog paging with fetchNextPage, a settings group with its own list, an expiry select, a spinner while a list
// loads, a hand-made switch). And every part of the app loaded after the first screen loads the strings beyond the
// first screen's with it (withAllStrings, web/src/i18n), or it would show a key until they came.
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

/** Each building block and the one file that defines it. */
const HOMES = {
  Switch: "components/ui/Switch.tsx",
  Field: "components/ui/Field.tsx",
  TextInput: "components/ui/TextInput.tsx",
  CopyButton: "components/ui/CopyButton.tsx",
  ExpiryField: "components/ui/ExpiryField.tsx",
  FormDialog: "components/ui/FormDialog.tsx",
  PagedListDialog: "components/ui/PagedListDialog.tsx",
  ListState: "components/ui/ListState.tsx",
  SettingsListCard: "components/Settings/SettingsListCard.tsx",
} as const;
type Block = keyof typeof HOMES;
const BLOCKS = Object.keys(HOMES) as Block[];

const defines = (text: string, block: string) => new RegExp(String.raw`\b(?:function|const|class)\s+${block}\b`).test(text);

/** What a block written out by hand looks like in a file. */
const HAND_MADE: Partial<Record<Block, (text: string) => boolean>> = {
  Switch: (text) => /role=["{]["']?switch/.test(text),
  // A dialog with its own <form>: its Cancel and submit buttons, busy state and focus are FormDialog's.
  FormDialog: (text) => /<Dialog\b/.test(text) && /<form\b/.test(text),
  // A dialog asking for the next page itself: "Load more" and its spinner are PagedListDialog's.
  PagedListDialog: (text) => /<Dialog\b/.test(text) && /\bfetchNextPage\b/.test(text),
  // A settings group listing rows of its own.
  SettingsListCard: (text) => /<SettingGroup\b/.test(text) && /<(?:ul|ol|li)\b/.test(text),
  // A select of expiries, or a date box for one.
  ExpiryField: (text) => /expir/i.test(text) && /<select\b|type="date"/.test(text),
  // A list's own states: a spinner while its query is pending (`isPending ? (`, `if (….isPending) {`), and a word for
  // when it is empty.
  ListState: (text) =>
    /\b(?:isPending|isLoading)\)? (?:\? \(|\{)\s*\n(?:[^\n]*\n){0,3}?[^\n]*<Spinner\b/.test(text) &&
    /\.length(?: (?:===|!==|>) 0)?\)? [?{]/.test(text),
};

/** Files that look like a hand-made block but are not one, and why. */
const NOT_COPIES: Record<string, { block: Block; why: string }> = {
  "components/Memo/ShareLinksDialog.tsx": {
    block: "FormDialog",
    why: "its form is one row of the dialog (the expiry and Create link), above the live links; the dialog is no form",
  },
};

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

  it(`${BLOCKS.join(", ")} are each defined in their own file only`, () => {
    const files = sources();
    const found = files.flatMap(({ path, text }) =>
      BLOCKS.filter((block) => path !== HOMES[block] && defines(text, block)).map((block) => `web/src/${path} defines ${block}`),
    );
    expect(found).toEqual([]);
    const texts = new Map(files.map(({ path, text }) => [path, text]));
    for (const block of BLOCKS) expect(defines(texts.get(HOMES[block]) ?? "", block), `${HOMES[block]} defines ${block}`).toBe(true);
  });

  it("no file writes a block out by hand: a dialog with a form, a paging dialog, a settings list, an expiry, a list's spinner, a switch", () => {
    const homes = new Set<string>(Object.values(HOMES));
    const found = sources().flatMap(({ path, text }) =>
      Object.entries(HAND_MADE)
        .filter(([block, looksLike]) => !homes.has(path) && NOT_COPIES[path]?.block !== block && looksLike(text))
        .map(([block]) => `web/src/${path} writes ${block} by hand`),
    );
    expect(found).toEqual([]);
  });

  it("the files let off still look like a copy (a stale entry is removed)", () => {
    const texts = new Map(sources().map(({ path, text }) => [path, text]));
    for (const [path, { block }] of Object.entries(NOT_COPIES)) expect(HAND_MADE[block]?.(texts.get(path) ?? ""), path).toBe(true);
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
