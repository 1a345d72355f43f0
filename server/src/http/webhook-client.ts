// Sends one webhook request. The address is judged when the socket connects: our DNS lookup hands the HTTP client
// only addresses the target policy allows, so a name cannot resolve to a public address when the webhook is saved
// and to 127.0.0.1 when it is sent (DNS rebinding). An IP literal in the URL, which Node connects to without a
// lookup, is judged here first. No redirect is followed (a 3xx is an answer like any other), the whole exchange has
// a time limit, and at most SNIPPET_BYTES of the answer are read: the rest is never downloaded.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { isAllowedWebhookAddress, isAllowedWebhookScheme } from "../policies/webhook-target.policy.js";

const SNIPPET_BYTES = 1024;

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowPrivate: boolean;
  timeoutMs: number;
}

export type WebhookResponse =
  | { ok: true; status: number; snippet: string; durationMs: number }
  | { ok: false; error: string; durationMs: number; refused: boolean };

class RefusedAddressError extends Error {
  readonly code = "EMEMOSREFUSED";
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that keeps only the addresses a webhook may reach. */
function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const allowed = addresses.filter((entry) => isAllowedWebhookAddress(entry.address, allowPrivate));
      if (allowed.length === 0) {
        return callback(new RefusedAddressError(`refused address: ${hostname} resolves to ${addresses.map((entry) => entry.address).join(", ")}`), []);
      }
      if (options.all) return callback(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

/** The literal IP of a URL's host, without IPv6 brackets; null for a name. */
function literalAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return isIP(host) ? host : null;
}

export function sendWebhook(request: WebhookRequest): Promise<WebhookResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failure = (error: string, refused = false): WebhookResponse => ({ ok: false, error, durationMs: elapsed(), refused });
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return Promise.resolve(failure("invalid URL", true));
  }
  if (!isAllowedWebhookScheme(url)) return Promise.resolve(failure("only http and https URLs are allowed", true));
  const literal = literalAddress(url);
  if (literal !== null && !isAllowedWebhookAddress(literal, request.allowPrivate)) {
    return Promise.resolve(failure(`refused address: ${literal}`, true));
  }

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: WebhookResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const client = url.protocol === "https:" ? https : http;
    const outgoing = client.request(url, {
      method: "POST",
      headers: { ...request.headers, "Content-Length": Buffer.byteLength(request.body).toString() },
      lookup: guardedLookup(request.allowPrivate),
      // One request per connection: a kept-alive socket would skip the lookup (and its check) next time.
      agent: false,
    });
    const timer = setTimeout(() => {
      outgoing.destroy();
      finish(failure(`timed out after ${request.timeoutMs} ms`));
    }, request.timeoutMs);
    outgoing.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        response.destroy();
        outgoing.destroy();
        const snippet = Buffer.concat(chunks).subarray(0, SNIPPET_BYTES).toString("utf8").replace(/\uFFFD+$/, "");
        finish({ ok: true, status: response.statusCode ?? 0, snippet, durationMs: elapsed() });
      };
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= SNIPPET_BYTES) done();
      });
      response.on("end", done);
      response.on("error", done);
    });
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      finish(failure(error instanceof RefusedAddressError ? error.message : `${error.code ?? "error"}: ${error.message}`, error instanceof RefusedAddressError));
    });
    outgoing.end(request.body);
  });
}
