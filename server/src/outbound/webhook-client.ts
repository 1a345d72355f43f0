// Sends one webhook request. The address is judged when the socket connects: our DNS lookup hands the HTTP client
// only addresses the target policy allows, so a name cannot resolve to a public address when the webhook is saved
// and to 127.0.0.1 when it is sent (DNS rebinding). An IP literal in the URL, which Node connects to without a
// lookup, is judged here first. No redirect is followed (a 3xx is an answer like any other), the whole exchange has
// a time limit, and at most SNIPPET_BYTES of the answer are read: the rest is never downloaded.
// A failure reaches the webhook's owner as a class ("could not connect"), never as what it says about this server's
// network (which addresses a name resolves to, which hosts answer, DNS errors); `detail` is for the server's log.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import http from "node:http";
import https from "node:https";
import {
  isAllowedTarget,
  isAllowedWebhookScheme,
  parseAddress,
  type TargetVerdict,
  targetVerdict,
} from "../policies/webhook-target.policy.js";

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
  | {
      ok: false;
      /** What the owner is shown: the class of failure. */
      error: string;
      /** What the server logs: the cause, with addresses and error codes (never the URL's credentials). */
      detail: string;
      durationMs: number;
      refused: boolean;
    };

/** The owner's words for a refused target. */
function refusalMessage(verdict: Exclude<TargetVerdict, "public">): string {
  return verdict === "metadata" ? "refused: a cloud metadata address" : "refused: not a public address";
}

export class RefusedAddressError extends Error {
  readonly code = "EMEMOSREFUSED";
  constructor(
    readonly verdict: Exclude<TargetVerdict, "public">,
    detail: string,
  ) {
    super(detail);
  }
}

/** TLS handshake and certificate errors (Node's and OpenSSL's codes). */
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$)/;

/** The class of a failed connection, as the owner is shown it. */
export function failureClass(code: string | undefined): string {
  if (code && TLS_CODE.test(code)) return "could not connect: TLS handshake failed";
  if (code === "ECONNRESET" || code === "EPIPE") return "the connection closed before an answer";
  return "could not connect";
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** The worst verdict among refused addresses: a metadata address among them is named as such. */
const refusedVerdict = (addresses: string[]): Exclude<TargetVerdict, "public"> =>
  addresses.some((address) => targetVerdict(address) === "metadata") ? "metadata" : "not-public";

/** dns.lookup that keeps only the addresses the target policy allows (webhooks, identity providers). */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const allowed = addresses.filter((entry) => isAllowedTarget(targetVerdict(entry.address), allowPrivate));
      if (allowed.length === 0) {
        const all = addresses.map((entry) => entry.address);
        return callback(new RefusedAddressError(refusedVerdict(all), `${hostname} resolves to ${all.join(", ")}`), []);
      }
      if (options.all) return callback(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

export function sendWebhook(request: WebhookRequest): Promise<WebhookResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failure = (error: string, detail: string, refused = false): WebhookResponse => ({
    ok: false,
    error,
    detail,
    durationMs: elapsed(),
    refused,
  });
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return Promise.resolve(failure("refused: not a valid URL", "invalid URL", true));
  }
  if (!isAllowedWebhookScheme(url)) return Promise.resolve(failure("refused: only http and https URLs", `scheme ${url.protocol}`, true));
  const literal = parseAddress(url.hostname);
  if (literal !== null) {
    const verdict = targetVerdict(url.hostname);
    if (verdict !== "public" && !isAllowedTarget(verdict, request.allowPrivate)) {
      return Promise.resolve(failure(refusalMessage(verdict), `refused address ${literal.toString()}`, true));
    }
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
      finish(failure(`timed out after ${request.timeoutMs} ms`, "timed out"));
    }, request.timeoutMs);
    outgoing.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        response.destroy();
        outgoing.destroy();
        const snippet = Buffer.concat(chunks)
          .subarray(0, SNIPPET_BYTES)
          .toString("utf8")
          .replace(/\uFFFD+$/, "");
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
      if (error instanceof RefusedAddressError) finish(failure(refusalMessage(error.verdict), `refused address: ${error.message}`, true));
      else finish(failure(failureClass(error.code), `${error.code ?? "error"}: ${error.message}`));
    });
    outgoing.end(request.body);
  });
}
