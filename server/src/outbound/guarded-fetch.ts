// The fetch openid-client sends its requests with (discovery, keys, token), and link previews fetch pages with:
// through the same address rule as webhooks (policies/webhook-target.policy.ts), judged when the socket connects (a
// guarded DNS lookup; an IP literal first), one connection per request, no redirect followed, a time limit and a cap
// on the answer's size.
import http from "node:http";
import https from "node:https";
import { isAllowedTarget, parseAddress, targetVerdict } from "../policies/webhook-target.policy.js";
import { guardedLookup, RefusedAddressError } from "./webhook-client.js";

/** A provider's documents and tokens are small; a bigger answer is refused. */
const MAX_ANSWER_BYTES = 1024 * 1024;

export interface GuardedFetchOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  /** The most bytes of an answer read (1 MiB when not said). */
  maxAnswerBytes?: number;
  /** Past the cap: refuse the answer (the default), or keep its first bytes and stop reading (a page's head is enough). */
  overCap?: "refuse" | "truncate";
}

interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal;
}

/** Thrown for an address the rule refuses: the flow reports the provider unreachable. */
export class RefusedTargetError extends Error {}

async function bodyBytes(body: unknown): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string" || body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(new Uint8Array(body));
  return Buffer.from(await new Response(body as ReadableStream).arrayBuffer());
}

export function guardedFetch(options: GuardedFetchOptions) {
  return async (input: string, init: FetchInit): Promise<Response> => {
    const url = new URL(input);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new RefusedTargetError(`scheme ${url.protocol}`);
    if (parseAddress(url.hostname) !== null && !isAllowedTarget(targetVerdict(url.hostname), options.allowPrivate)) {
      throw new RefusedTargetError(`refused address ${url.hostname}`);
    }
    const body = await bodyBytes(init.body);
    const cap = options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
    const client = url.protocol === "https:" ? https : http;
    return new Promise((resolve, reject) => {
      const outgoing = client.request(url, {
        method: init.method,
        headers: { ...init.headers, ...(body && { "Content-Length": String(body.length) }) },
        lookup: guardedLookup(options.allowPrivate),
        agent: false,
        timeout: options.timeoutMs,
        signal: init.signal,
      });
      outgoing.on("timeout", () => outgoing.destroy(new Error(`timed out after ${options.timeoutMs} ms`)));
      outgoing.on("error", (error) => reject(error instanceof RefusedAddressError ? new RefusedTargetError(error.message) : error));
      outgoing.on("response", (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const each of [value ?? []].flat()) headers.append(name, each);
          }
          const status = response.statusCode ?? 500;
          const nullBody = status === 204 || status === 304 || init.method === "HEAD";
          resolve(new Response(nullBody ? null : Buffer.concat(chunks), { status, headers }));
        };
        response.on("data", (chunk: Buffer) => {
          if (size + chunk.length <= cap) {
            size += chunk.length;
            chunks.push(chunk);
            return;
          }
          if (options.overCap !== "truncate") return outgoing.destroy(new Error(`answer over ${cap} bytes`));
          chunks.push(chunk.subarray(0, cap - size));
          size = cap;
          // The first bytes are the answer; the rest is not read (resolved first, so the abort rejects nothing).
          finish();
          outgoing.destroy();
        });
        response.on("error", reject);
        response.on("end", finish);
      });
      outgoing.end(body);
    });
  };
}
