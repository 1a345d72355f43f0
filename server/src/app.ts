// Builds the Fastify instance: plugins, the access hook, every route, the error handler. Tests use it
// in-process through app.inject().
import compress from "@fastify/compress";
import { BODY_LIMIT_FLOOR } from "@memos/common";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance, LogController, type RouteOptions } from "fastify";
import type { AppContext } from "./context.js";
import { badRequest, handleError } from "./errors.js";
import { registerAccessHook, stillActs } from "./http/access.js";
import { registerBodyMeter } from "./http/body-limits.js";
import { registerInputGuard } from "./http/input-guard.js";
import { loggerOptions, redactSecrets } from "./http/log-redaction.js";
import { registerMetrics } from "./http/metrics.js";
import { registerOpenApi } from "./http/openapi.js";
import { registerResponseCache } from "./http/response-cache.js";
import { registerRouteSpellings } from "./http/route-spelling.js";
import { fastifyTrustProxy, type TrustProxy } from "./http/trust-proxy.js";
import { type AllHandlers, registerRouteTable } from "./http/route-table.js";
import { accessTokenHandlers } from "./routes/access-token.routes.js";
import { sessionHandlers } from "./routes/session.routes.js";
import { authHandlers } from "./routes/auth.routes.js";
import { totpHandlers } from "./routes/totp.routes.js";
import { passkeyHandlers } from "./routes/passkey.routes.js";
import { docsHandlers } from "./routes/docs.routes.js";
import { exportHandlers } from "./routes/export.routes.js";
import { importHandlers } from "./routes/import.routes.js";
import { memoHandlers } from "./routes/memo.routes.js";
import { resourceHandlers } from "./routes/resource.routes.js";
import { rssHandlers } from "./routes/rss.routes.js";
import { shareHandlers } from "./routes/share.routes.js";
import { spaceHandlers } from "./routes/space.routes.js";
import { shortcutHandlers } from "./routes/shortcut.routes.js";
import { staticRoutes } from "./routes/static.routes.js";
import { systemHandlers } from "./routes/system.routes.js";
import { tagHandlers } from "./routes/tag.routes.js";
import { trashHandlers } from "./routes/trash.routes.js";
import { reactionHandlers } from "./routes/reaction.routes.js";
import { commentHandlers } from "./routes/comment.routes.js";
import { inboxHandlers } from "./routes/inbox.routes.js";
import { userHandlers } from "./routes/user.routes.js";
import { identityProviderHandlers } from "./routes/identity-provider.routes.js";
import { oauthHandlers } from "./routes/oauth.routes.js";
import { ssoHandlers } from "./routes/sso.routes.js";
import { webhookHandlers } from "./routes/webhook.routes.js";
import { mcpHandlers } from "./routes/mcp.routes.js";
import { opsHandlers } from "./routes/ops.routes.js";
import { startWebhookDispatcher } from "./services/webhook-dispatcher.js";
import { startTrashSweeper } from "./services/trash-sweeper.js";
import { registerV1 } from "./v1/register.js";
import { EventStreams, KEEP_ALIVE_MS } from "./http/event-streams.js";
import { eventsHandlers } from "./routes/events.routes.js";

/** Requests slower than this are logged at the default level; every request is logged in dev mode. */
const SLOW_REQUEST_MS = 1000;

export interface AppOptions {
  /** Off by default; the lines go to stdout, or to `stream` (tests read what is logged). Credentials are redacted. */
  logger?: false | { level: string; stream?: { write(line: string): void } };
  /** Requests at least this slow are logged as slow (1 s). */
  slowRequestMs?: number;
  /** Which reverse proxies' X-Forwarded-* are believed (`--trust-proxy`); none by default. */
  trustProxy?: TrustProxy;
  /** Sees every route as it is registered (the OpenAPI test checks each one is described). */
  onRoute?: (route: RouteOptions) => void;
  /** The live streams' keep-alive interval (30 s; tests make it short). */
  liveKeepAliveMs?: number;
  /** Keep answers of the list routes (http/response-cache.ts); off for tests that count the queries a list makes. */
  responseCache?: boolean;
}

export async function buildApp(ctx: AppContext, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? loggerOptions(options.logger.level, options.logger.stream) : false,
    // What a request outside the route table may send (the not-found handler's, a preflight's); each route of the
    // table takes its own body's limit (http/body-limits.ts).
    bodyLimit: BODY_LIMIT_FLOOR.bytes,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // A bad percent-encoding or an over-long path segment gets our error envelope too.
    frameworkErrors: handleError,
    // Two log lines per request cost more than serving a page; see the onResponse hook below instead.
    logController: new LogController({ disableRequestLogging: true }),
  });
  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  const spellings = registerRouteSpellings(app);
  const slowRequestMs = options.slowRequestMs ?? SLOW_REQUEST_MS;
  app.addHook("onResponse", (request, reply, done) => {
    // Probes and scrapes come every few seconds; /readyz logs why it is not ready itself.
    if (request.routeOptions.config?.routeName?.startsWith("ops.")) return done();
    const line = {
      method: request.method,
      url: redactSecrets(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      // The client's, as --trust-proxy reads it (the limits count the same address).
      remoteAddress: request.ip,
    };
    if (reply.statusCode >= 500 || reply.elapsedTime >= slowRequestMs) request.log.warn(line, "slow or failed request");
    else request.log.debug(line, "request");
    done();
  });

  // An empty JSON body is "no body", so the route answers with its own "Malformatted … request" message.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "") return done(null, undefined);
    parseJson(request, body as string, done);
  });

  // Scripts often post JSON without a content type, or as text/plain; read those as JSON too.
  app.addContentTypeParser(["text/plain", "application/x-www-form-urlencoded"], { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, body === "" ? undefined : JSON.parse(body as string));
    } catch {
      done(badRequest("Malformatted JSON body", { reason: "input.malformed" }), undefined);
    }
  });

  app.setErrorHandler(handleError);
  await app.register(cookie);
  // Before compression, whose onSend hook turns the JSON text into compressed bytes.
  if (options.responseCache !== false) registerResponseCache(app, ctx);
  await app.register(compress, { encodings: ["gzip", "deflate"], threshold: 1024 });
  // NUL characters are refused before anything (the access hook's token lookup included) reads the input.
  registerInputGuard(app);
  registerAccessHook(app, ctx);
  // After the access hook: a body is read for a caller the route lets in, and counted as it arrives.
  registerBodyMeter(app);
  // Before the routes, whose requests it counts (null unless --metrics).
  const metrics = await registerMetrics(app, ctx);
  // Before the routes: the zod validator, and the OpenAPI document built from every route registered after it.
  await registerOpenApi(app);

  // The live event streams of this app (ours and the v1 API's), their keep-alives and their end when it closes.
  const streams = new EventStreams(app, options.liveKeepAliveMs ?? KEEP_ALIVE_MS, (request) => stillActs(ctx, request));
  // Every route of the table (common/src/api/routes), with its area's handler.
  const handlers = {
    ...docsHandlers(),
    ...authHandlers(ctx),
    ...totpHandlers(ctx),
    ...passkeyHandlers(ctx),
    ...sessionHandlers(ctx),
    ...userHandlers(ctx),
    ...systemHandlers(ctx),
    ...memoHandlers(ctx),
    ...trashHandlers(ctx),
    ...reactionHandlers(ctx),
    ...commentHandlers(ctx),
    ...inboxHandlers(ctx),
    ...eventsHandlers(ctx, streams),
    ...shareHandlers(ctx),
    ...spaceHandlers(ctx),
    ...shortcutHandlers(ctx),
    ...resourceHandlers(ctx),
    ...tagHandlers(ctx),
    ...exportHandlers(ctx),
    ...importHandlers(ctx),
    ...accessTokenHandlers(ctx),
    ...webhookHandlers(ctx),
    ...rssHandlers(ctx),
    ...ssoHandlers(ctx),
    ...identityProviderHandlers(ctx),
    ...oauthHandlers(ctx),
    ...mcpHandlers(ctx, app),
    ...opsHandlers(ctx, metrics),
  } satisfies AllHandlers;
  await registerRouteTable(app, handlers, { maxUploadBytes: ctx.config.maxUploadBytes });
  // The memos v1 API (Connect and REST) over the same services: server/src/v1, one declaration per RPC.
  await registerV1(app, ctx, streams);
  // The web app, and the not-found handler, which answers another spelling of any route 404 (http/route-spelling.ts).
  await app.register(async (scope) => staticRoutes(scope, ctx, spellings));

  // Webhook deliveries are sent in the background, for as long as the app is open.
  const dispatcher = startWebhookDispatcher(ctx.store, ctx.config, app.log, metrics?.webhookAttempt);
  ctx.webhooks = dispatcher;
  // Emptied trashes and memos past the trash's retention are purged in the background too.
  const sweeper = startTrashSweeper(ctx, app.log);
  ctx.trash = sweeper;
  app.addHook("onClose", async () => {
    await sweeper.stop();
    await dispatcher.stop();
    if (ctx.webhooks === dispatcher) ctx.webhooks = undefined;
    if (ctx.trash === sweeper) ctx.trash = undefined;
  });
  return app;
}
