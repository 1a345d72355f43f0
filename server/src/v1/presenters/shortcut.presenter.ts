// Our shortcut as a v1 Shortcut or MemoView (the same three fields): its filter said in CEL (shortcut-filter.ts).
import type { Shortcut as V0Shortcut } from "@memos/common";
import { type SavedFilterCollection, savedFilterName } from "../names.js";
import { shortcutFilterOf } from "../shortcut-filter.js";

export interface SavedFilterMessage {
  name: string;
  title: string;
  filter: string;
}

export function presentSavedFilter(collection: SavedFilterCollection, username: string, shortcut: V0Shortcut): SavedFilterMessage {
  return { name: savedFilterName(collection, username, shortcut.id), title: shortcut.title, filter: shortcutFilterOf(shortcut.payload) };
}
