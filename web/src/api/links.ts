// Links the browser follows itself (an <img>, a download), built from the route table like every call.
import type { Resource } from "@memos/common";
import { api } from "./client";

/** Where a resource's bytes live: its external link, or v0's open file link. */
export const resourceUrl = (resource: Resource): string =>
  resource.externalLink || api.url("resource.openFile", { params: { resourceId: resource.id, filename: resource.filename } });

/** A resource's thumbnail (an image at most 600 px on its long side; the file itself when the server makes none). */
export const resourceThumbnailUrl = (resource: Resource): string =>
  resource.externalLink ||
  api.url("resource.openFile", { params: { resourceId: resource.id, filename: resource.filename }, query: { thumbnail: "1" } });
