// Who may use a resource: its owner manages it; a file is also readable through any memo the reader may read.
import type { Viewer } from "../context.js";
import { forbidden, notFound } from "../errors.js";
import { isSelf } from "./utils.js";

export type ResourceAction = "read" | "update" | "delete" | "link";

interface ResourceFacts {
  id: number;
  creator_id: number;
}

/** Management actions belong to the owner; everyone else learns nothing (404). */
export function authorizeResource(viewer: Viewer, _action: ResourceAction, resource: ResourceFacts): void {
  if (!isSelf(viewer, resource.creator_id)) throw notFound(`Resource not found: ${resource.id}`, { reason: "resource.not-found" });
}

/** Linking needs the resource to be the caller's own: a foreign id is refused outright. */
export function authorizeResourceLink(viewer: Viewer, resource: ResourceFacts): void {
  if (!isSelf(viewer, resource.creator_id)) throw forbidden("Unauthorized to bind this resource", { reason: "resource.not-owner" });
}

/** A file is readable by its owner, or by anyone who may read at least one memo it is linked to. */
export function canReadResourceFile(viewer: Viewer, resource: ResourceFacts, readableLinkedMemo: boolean): boolean {
  return isSelf(viewer, resource.creator_id) || readableLinkedMemo;
}
