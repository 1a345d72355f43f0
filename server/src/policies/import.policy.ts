// Who may import. An import only ever writes into the caller's own account (memos, files, shortcuts they will
// own), so any signed-in account may; an archived account may not write at all.
import type { RowStatus } from "@memos/common";
import type { Actor, Viewer } from "../context.js";
import { forbidden } from "../errors.js";
import { requireSignedIn } from "./utils.js";

export function authorizeImport(viewer: Viewer, account: { row_status: RowStatus } | undefined): asserts viewer is Actor {
  requireSignedIn(viewer);
  if (account?.row_status !== "NORMAL")
    throw forbidden("Unauthorized: an archived account cannot import", { reason: "auth.account-archived" });
}
