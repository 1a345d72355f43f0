// What a page asks of the memos v1 API, call by call: each Connect RPC (`POST /memos.api.v1.<Service>/<Method>`),
// the event stream and the file routes, with the answer's status and, for a failure, its error. The memos web client
// spec reads it to fail on a call that should have worked and to list what the client called.
import type { Page, Response } from "@playwright/test";

export interface V1Call {
  /** `Service/Method` for a Connect call; `GET /api/v1/sse` or `GET /file/…` for the plain HTTP routes. */
  rpc: string;
  status: number;
  /** The error, for a status of 400 or more: Connect's `code: message`, or `not served` for a route we lack. */
  error: string | null;
  /** The journey step it was made in. */
  step: string;
  /** The request's readable text (a filter, an order, a resource name), which the survey keeps. */
  asked?: string;
}

const CONNECT_PREFIX = "/memos.api.v1.";

/** The call a URL names, or null when it is not one of the v1 API's (the client's own assets, say). */
export function v1CallName(method: string, url: string): string | null {
  const { pathname } = new URL(url);
  if (pathname.startsWith(CONNECT_PREFIX)) return pathname.slice(CONNECT_PREFIX.length);
  if (pathname === "/api/v1/sse") return `${method} ${pathname}`;
  if (pathname.startsWith("/api/v1/")) return `${method} ${pathname}`;
  // Attachment bytes: named without their uid, which differs on every run.
  if (pathname.startsWith("/file/")) return `${method} /file/${pathname.split("/")[2] ?? ""}/…`;
  return null;
}

/** What the recorder calls an answer from a route our server lacks. */
export const NOT_SERVED = "not served";

/**
 * The error an answer carries. A Connect error is `{"code": "not_found", "message": …}`; a call the server does not
 * serve is Connect's `unimplemented`, grpc-gateway's `{"code": 5, "message": "Not Found"}` for a path under /api/v1,
 * our plain 404 (`reason: route.not-found`) elsewhere under /api — or, for a GET outside `/api`, the web app's page
 * (the server's fallback for the app's own paths), which no API call expects.
 */
export async function errorOf(status: number, contentType: string, body: () => Promise<string>): Promise<string | null> {
  if (contentType.startsWith("text/html")) return `${NOT_SERVED} (the web app's page)`;
  if (status < 400) return null;
  const text = await body().catch(() => "");
  try {
    const parsed = JSON.parse(text) as { code?: unknown; message?: unknown; reason?: unknown };
    if (parsed.reason === "route.not-found") return `${NOT_SERVED} (404)`;
    // Connect's answer to a procedure we do not serve, and grpc-gateway's to a path under /api/v1 no call maps.
    if (parsed.code === "unimplemented") return `${NOT_SERVED} (unimplemented: ${String(parsed.message ?? "")})`;
    if (parsed.code === 5 && parsed.message === "Not Found") return `${NOT_SERVED} (no v1 call at this path)`;
    if (typeof parsed.code === "string") return `${parsed.code}: ${String(parsed.message ?? "")}`;
  } catch {
    // not JSON: the status says it
  }
  return `HTTP ${status}`;
}

/** Records the v1 calls of a page, tagged with the step that is running. */
export class V1CallLog {
  readonly calls: V1Call[] = [];
  step = "";
  /** Answers whose body is still being read: a step waits for them before it judges its calls. */
  private readonly reading = new Set<Promise<void>>();

  /** Listens to the page's answers; `skipConnect` leaves Connect calls to whoever records them itself (the survey). */
  watch(page: Page, { skipConnect = false } = {}): void {
    page.on("response", (response) => {
      const read = this.fromResponse(response, skipConnect).finally(() => this.reading.delete(read));
      this.reading.add(read);
    });
    page.on("requestfailed", (request) => {
      const rpc = v1CallName(request.method(), request.url());
      // A request the page gives up itself (a navigation, a query the client cancels, the event stream it closes)
      // ends as net::ERR_ABORTED: not the server's doing. Any other failure (a reset connection) is.
      const failure = request.failure()?.errorText ?? "?";
      if (rpc && failure !== "net::ERR_ABORTED") this.add(rpc, 0, `request failed: ${failure}`);
    });
  }

  add(rpc: string, status: number, error: string | null, asked?: string): void {
    this.calls.push({ rpc, status, error, step: this.step, ...(asked ? { asked } : {}) });
  }

  private async fromResponse(response: Response, skipConnect: boolean): Promise<void> {
    const rpc = v1CallName(response.request().method(), response.url());
    if (!rpc || (skipConnect && !rpc.includes(" "))) return;
    const contentType = (await response.headerValue("content-type")) ?? "";
    this.add(rpc, response.status(), await errorOf(response.status(), contentType, () => response.text()));
  }

  /** The calls of one step, once every answer seen so far has been read. */
  async ofStep(step: string): Promise<V1Call[]> {
    await Promise.all([...this.reading]);
    return this.calls.filter((call) => call.step === step);
  }
}
