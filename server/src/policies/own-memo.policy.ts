// A memo's history and a memo in the trash are its author's alone: anyone else (an admin too) is told there is no
// such thing, so an old text of a memo now private never reaches another reader.
import type { Actor, Viewer } from "../context.js";
import { notFound } from "../errors.js";
import { isSelf, requireSignedIn } from "./utils.js";

export type OwnMemoThing = "history" | "trash";

export function authorizeOwnMemo(viewer: Viewer, thing: OwnMemoThing, memo: { id: number; creator_id: number }): asserts viewer is Actor {
  requireSignedIn(viewer);
  if (isSelf(viewer, memo.creator_id)) return;
  if (thing === "history") throw notFound(`Memo ID not found: ${memo.id}`, { reason: "revision.not-found" });
  throw notFound(`Not in the trash: ${memo.id}`, { reason: "trash.not-found" });
}
