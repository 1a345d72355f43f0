// What a share to the app brings (the installed app's share target, the "Save to memos" bookmarklet: `/share?title=
// &text=&url=`) as the start of a new memo: the title, the text, then the link, each once, added to the draft the
// editor opens with.
import { storage } from "../../state/storage";
import { draftKey } from "./useDraft";

export interface SharedCapture {
  title?: string | null;
  text?: string | null;
  url?: string | null;
}

/** The memo text of a share: its parts in order, blank ones and repeats (a URL also in the text) left out. */
export function captureText({ title, text, url }: SharedCapture): string {
  const parts: string[] = [];
  const add = (part: string | null | undefined) => {
    const trimmed = part?.trim() ?? "";
    if (trimmed !== "" && !parts.some((kept) => kept.includes(trimmed))) parts.push(trimmed);
  };
  add(title);
  add(text);
  add(url);
  return parts.join("\n\n");
}

/** Adds the share to the new memo's draft (after what was already there), for the editor to open with. */
export function addToDraft(capture: SharedCapture): void {
  const shared = captureText(capture);
  if (shared === "") return;
  const draft = storage.get<string>(draftKey(), "");
  // The same share read twice (a render repeated) is added once.
  if (draft.endsWith(shared)) return;
  storage.set(draftKey(), draft.trim() === "" ? shared : `${draft}\n\n${shared}`);
}
