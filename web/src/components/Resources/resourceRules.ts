// Pure rules of the Resources dialog: which resources "clear unused" deletes, rename checks, sizes and links.
import type { Resource } from "@memos/common";
import { isValidResourceFilename } from "@memos/common/domain/validation";
import { resourceUrl } from "../../api/links";

/** The resources no memo links to: exactly what "clear unused" deletes. */
export const unusedResources = (resources: readonly Resource[]): Resource[] =>
  resources.filter((resource) => resource.linkedMemoAmount === 0);

export type RenameCheck =
  | { kind: "unchanged" }
  | { kind: "invalid"; messageKey: "message.invalid-resource-filename" }
  | { kind: "ok"; filename: string };

/**
 * Checks a new filename typed in the rename dialog against the v0 web's rule (docs/v0-wire.md#file-names), before any request.
 * Surrounding spaces are dropped.
 * @example checkRename("a.png", "b.png") // { kind: "ok", filename: "b.png" }
 */
export function checkRename(current: string, input: string): RenameCheck {
  const filename = input.trim();
  if (filename === current) return { kind: "unchanged" };
  if (!isValidResourceFilename(filename)) return { kind: "invalid", messageKey: "message.invalid-resource-filename" };
  return { kind: "ok", filename };
}

export const isImageResource = (resource: Resource): boolean => resource.type.startsWith("image");

/** The absolute link "copy link" puts on the clipboard. */
export const absoluteResourceUrl = (resource: Resource, origin = window.location.origin): string => {
  const url = resourceUrl(resource);
  return url.startsWith("/") ? `${origin}${url}` : url;
};
