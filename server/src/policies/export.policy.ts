// Who may export what. Every account may take its own data (memos of every visibility and state, files,
// shortcuts, settings); the whole instance, every account's private memos included, belongs to the host alone
// (common's access module, which the web's settings follow too).
import { canExportInstance, type ExportScope } from "@memos/common";
import type { Actor, Viewer } from "../context.js";
import { forbidden } from "../errors.js";
import { requireSignedIn } from "./utils.js";

export function authorizeExport(viewer: Viewer, scope: ExportScope): asserts viewer is Actor {
  requireSignedIn(viewer);
  if (scope === "instance" && !canExportInstance(viewer.role))
    throw forbidden("Unauthorized: only the host may export the whole instance", { reason: "auth.host-only" });
}
