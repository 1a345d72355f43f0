// Static files kept only compressed: the image (Dockerfile) deletes each text file of the web app the build also
// wrote as .br and .gz (web/vite.config.ts), and gzips the API reference's largest assets: 5 MB it need not ship.
// The client gets the copy it accepts; one that accepts neither encoding (curl without --compressed, a crawler)
// gets the .gz decompressed on the fly. Run from the repository, every original is there and nothing is registered.
import { createReadStream, existsSync, readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { createGunzip } from "node:zlib";
import type { FastifyInstance, FastifyReply } from "fastify";

const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  html: "text/html; charset=utf-8",
  svg: "image/svg+xml",
  json: "application/json; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  webmanifest: "application/manifest+json",
};

/** Paths under `root` ("assets/app-1.js") that exist as `<path>.gz` but not as themselves. */
function compressedOnlyFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".gz") && !existsSync(path.slice(0, -3)))
        found.push(relative(root, path.slice(0, -3)).split(sep).join("/"));
    }
  };
  if (existsSync(root)) walk(root);
  return found.sort();
}

/** The codings of `accept-encoding` among br and gzip, that it allows (a q of 0 refuses; `*` allows any). */
function acceptedCodings(header: string | string[] | undefined): Set<"br" | "gzip"> {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  const accepted = new Set<"br" | "gzip">();
  for (const part of value.split(",")) {
    const [coding = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (coding === "br" || coding === "*") accepted.add("br");
    if (coding === "gzip" || coding === "*") accepted.add("gzip");
  }
  return accepted;
}

const contentTypeOf = (path: string): string => TYPES[path.slice(path.lastIndexOf(".") + 1)] ?? "application/octet-stream";

/**
 * GET and HEAD `<prefix><file>` for each compressed-only file under `root`. `setHeaders` adds the rules of the
 * original (its path under `root` given), as the static files' own option does.
 */
export function registerCompressedOnly(
  app: FastifyInstance,
  options: { root: string; prefix: string; setHeaders?: (reply: FastifyReply, path: string) => void },
): void {
  for (const file of compressedOnlyFiles(options.root)) {
    const original = join(options.root, file);
    const gz = statSync(`${original}.gz`);
    // Both copies come from one build: the .gz stands for the file's version.
    const etag = `W/"${gz.size.toString(16)}-${gz.mtimeMs.toString(16)}"`;
    const copies = {
      gzip: { path: `${original}.gz`, size: gz.size },
      br: existsSync(`${original}.br`) ? { path: `${original}.br`, size: statSync(`${original}.br`).size } : null,
    };
    app.route({
      method: ["GET", "HEAD"],
      url: `${options.prefix}${file}`,
      handler(request, reply) {
        options.setHeaders?.(reply, original);
        reply.header("Vary", "Accept-Encoding").header("ETag", etag).type(contentTypeOf(file));
        if (request.headers["if-none-match"] === etag) return reply.code(304).send();
        const accepted = acceptedCodings(request.headers["accept-encoding"]);
        const coding = copies.br && accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : null;
        if (coding === null) return reply.send(createReadStream(copies.gzip.path).pipe(createGunzip()));
        const sent = copies[coding]!;
        return reply.header("Content-Encoding", coding).header("Content-Length", sent.size).send(createReadStream(sent.path));
      },
    });
  }
}
