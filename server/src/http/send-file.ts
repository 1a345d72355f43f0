// Sends an uploaded file so it can never act as a page of ours: images, audio and video inline with their
// stored type; SVG and everything else as a download; no sniffing; a sandboxing CSP; byte ranges.
import type { FastifyReply, FastifyRequest } from "fastify";

const INLINE_TYPE = /^(image|audio|video)\/[\w.+-]+$/i;
const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export function contentDisposition(kind: "inline" | "attachment", filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Parses one `bytes=a-b`, `bytes=a-` or `bytes=-n`. null means "send the whole file": no header, another
 * unit, several ranges or a malformed value (a server may ignore those); "invalid" means unsatisfiable (416).
 */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | "invalid" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  let start: number;
  let end: number;
  if (match[1] === "") {
    start = Math.max(0, size - Number(match[2]));
    end = Number(match[2]) === 0 ? -1 : size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return "invalid";
  return { start, end };
}

export function sendUploadedFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { filename: string; type: string; data: Buffer },
) {
  const type = file.type.toLowerCase();
  const inline = INLINE_TYPE.test(type);
  const isSvg = type.startsWith("image/svg");
  reply
    .header("Content-Type", inline ? type : "application/octet-stream")
    .header("Content-Disposition", contentDisposition(inline && !isSvg ? "inline" : "attachment", file.filename))
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Security-Policy", SANDBOX_CSP)
    .header("Cache-Control", "private, max-age=31536000, immutable")
    .header("Accept-Ranges", "bytes");
  const size = file.data.length;
  const range = parseRange(request.headers.range, size);
  if (range === "invalid") {
    return reply.status(416).header("Content-Range", `bytes */${size}`).send();
  }
  if (range === null) return reply.send(file.data);
  return reply
    .status(206)
    .header("Content-Range", `bytes ${range.start}-${range.end}/${size}`)
    .send(file.data.subarray(range.start, range.end + 1));
}
