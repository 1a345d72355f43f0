// How an uploaded file is served: shown by the browser (inline) only for an allow-list of types it displays
// without running anything the file holds (raster images, audio and video, PDF, plain text); everything else is a
// download. An `image/*+xml` or `video/*+xml` is an XML document a browser renders with its scripts, and a type we
// do not know is one it might: those are attachments. SVG keeps its type (an <img> shows it, scripts off) but is
// never inline. The file routes add `X-Content-Type-Options: nosniff` and a sandboxing CSP to every answer.

export interface FileDisplay {
  disposition: "inline" | "attachment";
  contentType: string;
}

const INLINE_IMAGES = new Set([
  "image/png",
  "image/apng",
  "image/jpeg",
  "image/jpg",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/bmp",
  "image/x-icon",
  "image/vnd.microsoft.icon",
]);

/** audio/* and video/*, by a plain token (no parameters), except the XML ones. */
const MEDIA = /^(audio|video)\/[a-z0-9][a-z0-9.+-]*$/;

const DOWNLOAD: FileDisplay = { disposition: "attachment", contentType: "application/octet-stream" };

/** How a file stored with `storedType` (as the uploader declared it) is served. */
export function fileDisplay(storedType: string): FileDisplay {
  const type = storedType.toLowerCase();
  if (INLINE_IMAGES.has(type) || type === "application/pdf") return { disposition: "inline", contentType: type };
  if (MEDIA.test(type) && !type.endsWith("+xml")) return { disposition: "inline", contentType: type };
  // Shown as text whatever it holds; UTF-8 rather than the browser's guess.
  if (type === "text/plain") return { disposition: "inline", contentType: "text/plain; charset=utf-8" };
  if (type === "image/svg+xml") return { disposition: "attachment", contentType: type };
  return DOWNLOAD;
}
