// The web app: built files from web/dist, with index.html for every other path (the SPA decides); its manifest,
// named after the instance; the service worker, always revalidated so a new version is found.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { errorBody } from "../errors.js";
import { registerCompressedOnly } from "../http/compressed-only-files.js";
import type { RouteSpellings } from "../http/route-spelling.js";
import { presentWebManifest } from "../presenters/web-manifest.presenter.js";
import { readCustomizedProfile } from "../services/system.service.js";

const PLACEHOLDER = `<!doctype html><html><head><meta charset="utf-8"><title>memos</title></head>
<body><p>The memos web app is not built. Run <code>npm start</code> from the repository root.</p></body></html>`;

/** Only the embed page may be framed by other sites. */
const isEmbed = (url: string) => /^\/m\/\d+\/embed\/?(\?|$)/.test(url);

/** A share link's page: no search engine may list it, and no link from it tells another site its token. */
const isSharePage = (url: string) => /^\/s\/[^/?#]+\/?(\?|$)/.test(url);

/** The service worker (web/vite.config.ts): revalidated on every load, or a cached copy would hide a new version. */
const SERVICE_WORKER = "sw.js";

/** `spellings`: every route registered, so that another spelling of one is a 404, not the web app's page. */
export async function staticRoutes(app: FastifyInstance, ctx: AppContext, spellings: RouteSpellings) {
  const root = ctx.config.webDist;
  const indexFile = root ? join(root, "index.html") : null;
  const hasApp = indexFile !== null && existsSync(indexFile);
  const indexHtml = hasApp ? readFileSync(indexFile!, "utf8") : PLACEHOLDER;

  if (hasApp) {
    const setHeaders = (reply: FastifyReply, sent: string) => {
      // A precompressed copy is sent under its original's rules.
      const path = sent.replace(/\.(br|gz)$/, "");
      reply.header("X-Content-Type-Options", "nosniff");
      if (path.includes(`${join(root!, "assets")}`)) reply.header("Cache-Control", "public, max-age=31536000, immutable");
      else if (path === join(root!, SERVICE_WORKER)) reply.header("Cache-Control", "no-cache").header("Service-Worker-Allowed", "/");
      // The service worker precaches index.html and answers navigations with it: it carries the page's rules.
      else if (path === indexFile) reply.header("Cache-Control", "no-cache").header("X-Frame-Options", "SAMEORIGIN");
    };
    await app.register(fastifyStatic, {
      root: root!,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (web/vite.config.ts): sent as they are when accepted.
      preCompressed: true,
      setHeaders,
    });
    // Kept compressed only (the image): the copy the client accepts, decompressed when it accepts none.
    registerCompressedOnly(app, { root: root!, prefix: "/", setHeaders });
  }

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header("Cache-Control", "no-cache").header("X-Content-Type-Options", "nosniff");
    if (!isEmbed(request.url)) reply.header("X-Frame-Options", "SAMEORIGIN");
    if (isSharePage(request.url)) reply.header("X-Robots-Tag", "noindex, nofollow").header("Referrer-Policy", "no-referrer");
    return reply.type("text/html; charset=utf-8").send(indexHtml);
  };

  app.get("/manifest.webmanifest", async (_request, reply) => {
    const manifest = presentWebManifest(await readCustomizedProfile(ctx));
    return reply.header("Cache-Control", "no-cache").type("application/manifest+json; charset=utf-8").send(JSON.stringify(manifest));
  });
  app.get("/", sendIndex);
  app.setNotFoundHandler((request, reply) => {
    if (!["GET", "HEAD"].includes(request.method) || spellings.spellsRoute(request.url)) {
      return reply.status(404).send(errorBody(404, "Not Found", { reason: "route.not-found" }));
    }
    return sendIndex(request, reply);
  });
}
