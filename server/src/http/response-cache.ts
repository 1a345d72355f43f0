// Answers of the read-only list routes (explore, a user's memos, the sidebar's counts), kept in memory per
// (data version, viewer, route and its input). The data version changes with every committed write, so a kept answer is
// exactly what the route would compute again: serving it skips validation, the queries and the JSON. The store
// tells the version: SQLite from its commits and PRAGMA data_version; PostgreSQL from its own writes and the
// notifications of every other process's (store/postgres/pg-data-version.ts), which arrive a moment after their commit.
// While it cannot tell (null), nothing is kept.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route's 200 answers depend only on the viewer, the URL and the data: they may be kept (up to
     * `maxEntryBytes` each when given, else RESPONSE_CACHE_LIMITS.maxEntryBytes).
     */
    cacheable?: boolean | { maxEntryBytes: number };
  }
  interface FastifyRequest {
    cacheKey: string | null;
    /** Ends the wait of the requests that asked for the same answer meanwhile. */
    cacheDone: (() => void) | null;
  }
}

/** Headers a kept answer carries again; the rest (length, encoding) are the sender's business. */
const KEPT_HEADERS = ["content-type", "x-next-cursor"] as const;

/** Bounds of the cache: answers past MAX_ENTRY_BYTES are not kept; the oldest go first past MAX_TOTAL_BYTES. */
const RESPONSE_CACHE_LIMITS = { maxEntryBytes: 256 * 1024, maxTotalBytes: 8 * 1024 * 1024 };

interface Kept {
  body: string;
  headers: Partial<Record<(typeof KEPT_HEADERS)[number], string>>;
}

export class ResponseCache {
  #version: string | null = null;
  #entries = new Map<string, Kept>();
  #bytes = 0;
  /** Answers being computed, by version and key: a request for the same one waits for it instead of computing it too. */
  readonly #pending = new Map<string, Promise<void>>();
  hits = 0;

  /**
   * Marks `versionedKey` as being computed and returns the function that ends it, or, when it is being computed
   * already, the promise of its end.
   */
  claim(versionedKey: string): (() => void) | Promise<void> {
    const pending = this.#pending.get(versionedKey);
    if (pending) return pending;
    let done!: () => void;
    this.#pending.set(versionedKey, new Promise<void>((resolve) => (done = resolve)));
    return () => {
      this.#pending.delete(versionedKey);
      done();
    };
  }

  /** The entries of another data version are dropped at once: none of them can be served again. */
  #sync(version: string): void {
    if (version === this.#version) return;
    this.#version = version;
    this.#entries.clear();
    this.#bytes = 0;
  }

  get(version: string, key: string): Kept | undefined {
    this.#sync(version);
    return this.#entries.get(key);
  }

  set(version: string, key: string, kept: Kept, maxEntryBytes = RESPONSE_CACHE_LIMITS.maxEntryBytes): void {
    // Computed under a version that has since moved on: it may show data from before the last write.
    if (version !== this.#version || kept.body.length > maxEntryBytes) return;
    this.#bytes += kept.body.length;
    this.#entries.set(key, kept);
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= RESPONSE_CACHE_LIMITS.maxTotalBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.body.length;
    }
  }
}

/**
 * What a kept answer depends on besides the data: the viewer and the route's input as the router and the query
 * parser read it (the matched route, its decoded parameters, the parsed query), so every spelling of one request
 * (`/%61pi/memo`, `/api/memo/`) is one entry, and no spelling can be kept under another request's key.
 */
function answerKey(request: FastifyRequest): string {
  return JSON.stringify([request.viewer?.id ?? 0, request.routeOptions.url, request.params, request.query]);
}

/**
 * Registers the cache's two hooks. Call before any plugin that rewrites the payload in onSend (compression):
 * the kept body is the plain JSON text. The lookup runs in preValidation, after every onRequest hook (the access
 * hook resolves the viewer there) and before validation.
 */
export function registerResponseCache(app: FastifyInstance, ctx: AppContext): ResponseCache {
  const cache = new ResponseCache();
  app.decorateRequest("cacheKey", null);
  app.decorateRequest("cacheDone", null);

  app.addHook("preValidation", async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== "GET" || !request.routeOptions.config.cacheable) return;
    const version = ctx.store.dataVersion();
    if (version === null) return;
    const key = answerKey(request);
    let kept = cache.get(version, key);
    // The same answer asked for many times at once (a burst after a write) is computed once: the others wait.
    const claim = kept ? null : cache.claim(`${version}\n${key}`);
    if (claim instanceof Promise) {
      await claim;
      kept = cache.get(version, key);
    }
    if (kept) {
      cache.hits++;
      return reply.headers(kept.headers).send(kept.body);
    }
    request.cacheKey = `${version}\n${key}`;
    if (typeof claim === "function") request.cacheDone = claim;
  });

  // Whatever the outcome (kept, an error, a closed connection), the requests waiting for this answer go on.
  const release = async (request: FastifyRequest) => {
    request.cacheDone?.();
    request.cacheDone = null;
  };
  app.addHook("onResponse", release);
  app.addHook("onRequestAbort", release);

  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.cacheKey === null || reply.statusCode !== 200 || typeof payload !== "string") return payload;
    const split = request.cacheKey.indexOf("\n");
    const headers: Kept["headers"] = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const cacheable = request.routeOptions.config.cacheable;
    const limit = typeof cacheable === "object" ? cacheable.maxEntryBytes : undefined;
    cache.set(request.cacheKey.slice(0, split), request.cacheKey.slice(split + 1), { body: payload, headers }, limit);
    await release(request);
    return payload;
  });
  return cache;
}
