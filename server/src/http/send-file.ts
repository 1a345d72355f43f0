// Sends an uploaded file so it can never act as a page of ours: inline or as a download as the file-display policy
// says; no sniffing; a sandboxing CSP; byte ranges.
import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { fileDisplay } from "../policies/file-display.policy.js";

const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** On every answer of a file route, its errors included: the browser never guesses a type. */
export async function noSniff(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header("X-Content-Type-Options", "nosniff");
}

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

export interface UploadedFile {
  /** The resource's id and when it was stored: its validators (ETag, Last-Modified). */
  id: number;
  createdTs: number;
  filename: string;
  type: string;
  size: number;
  /** The bytes from `start` to `end` (inclusive), or all; a blob is a Buffer, a file on disk a stream. */
  read(range?: { start: number; end: number }): Buffer | Readable;
  /** Another form of the file (its thumbnail): part of its validator. */
  variant?: string;
}

/** True when the client's copy (If-None-Match, else If-Modified-Since) is current: answer 304. */
function notModified(request: FastifyRequest, etag: string, createdTs: number): boolean {
  const match = request.headers["if-none-match"];
  if (match) return match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*");
  const since = Date.parse(request.headers["if-modified-since"] ?? "");
  return Number.isFinite(since) && Math.floor(since / 1000) >= createdTs;
}

/** Serves a blob and a file on disk alike: the same headers, validators and byte ranges. */
export function sendUploadedFile(request: FastifyRequest, reply: FastifyReply, file: UploadedFile) {
  const display = fileDisplay(file.type);
  // The bytes of a resource never change (a rename changes its row, not its bytes): id, time and size name them.
  const etag = `"r${file.id}-${file.createdTs}-${file.size}${file.variant ? `-${file.variant}` : ""}"`;
  reply
    .header("Content-Type", display.contentType)
    .header("Content-Disposition", contentDisposition(display.disposition, file.filename))
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Security-Policy", SANDBOX_CSP)
    .header("Cache-Control", "private, max-age=31536000, immutable")
    .header("ETag", etag)
    .header("Last-Modified", new Date(file.createdTs * 1000).toUTCString())
    .header("Accept-Ranges", "bytes");
  if (notModified(request, etag, file.createdTs)) return reply.status(304).send();
  const size = file.size;
  // If-Range with another validator asks for the whole file (the client's partial copy is stale).
  const ifRange = request.headers["if-range"];
  const range = ifRange && ifRange !== etag ? null : parseRange(request.headers.range, size);
  if (range === "invalid") {
    return reply.status(416).header("Content-Range", `bytes */${size}`).send();
  }
  const length = range === null ? size : range.end - range.start + 1;
  if (range !== null) reply.status(206).header("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
  reply.header("Content-Length", length);
  // HEAD: the headers alone, and a file on disk is not even opened. Fastify's HEAD route drains a stream body
  // and keeps our Content-Length (for no body at all it would say 0), so an empty stream is sent.
  if (request.method === "HEAD") return reply.send(Readable.from([]));
  return reply.send(range === null ? file.read() : file.read(range));
}
