// The web's one client of the API, typed by the route table (common/src/api/routes): a call names a route
// (`api.call("memo.create", { body })`), sends the path parameters, query and body that route takes, and resolves
// with its answer's type. The URL, the method and whether `{"data": …}` is unwrapped come from the route manifest
// (the table's method, path and answer kind without its schemas: the browser does not download those; only the
// types here read them). Error envelopes become ApiError. Uploads with progress and reads that need a header (a
// memo list's next cursor) are small helpers over the same table.
import {
  type AnswerOf,
  type BodyInput,
  type ErrorEnvelope,
  type ErrorParams,
  type FormRouteName,
  type ParamsInput,
  type QueryInput,
  ROUTE_MANIFEST,
  type RouteName,
} from "@memos/common";

export interface ApiErrorDetail {
  /** Seconds to wait, from a `Retry-After` header (a 429), when there is one. */
  retryAfter?: number | null;
  /** The envelope's `reason`: the kind of failure (common/src/api/reasons.ts; a newer server may send one we do not know). */
  reason?: string | null;
  /** The input field the failure is about (`currentPassword`). */
  field?: string | null;
  /** Values the reason's translation interpolates. */
  params?: ErrorParams;
}

/** A failed call: the status, the server's message (English) and what the envelope says of the failure. */
export class ApiError extends Error {
  readonly retryAfter: number | null;
  readonly reason: string | null;
  readonly field: string | null;
  readonly params: ErrorParams;

  constructor(
    readonly status: number,
    message: string,
    detail: ApiErrorDetail = {},
  ) {
    super(message);
    this.retryAfter = detail.retryAfter ?? null;
    this.reason = detail.reason ?? null;
    this.field = detail.field ?? null;
    this.params = detail.params ?? {};
  }
}

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/** The ApiError of an error answer's JSON body (anything else: the status text). */
function fromEnvelope(status: number, body: unknown, statusText: string, retryAfter: number | null): ApiError {
  const envelope = (body !== null && typeof body === "object" ? body : {}) as Partial<Record<keyof ErrorEnvelope, unknown>>;
  const params = envelope.params !== null && typeof envelope.params === "object" ? (envelope.params as ErrorParams) : undefined;
  return new ApiError(status, text(envelope.message) ?? text(envelope.error) ?? (statusText || `HTTP ${status}`), {
    retryAfter,
    reason: text(envelope.reason),
    field: text(envelope.field),
    params,
  });
}

/** `Retry-After` is seconds or an HTTP date. */
function retryAfterOf(response: Response): number | null {
  const value = response.headers.get("Retry-After")?.trim();
  if (!value) return null;
  const seconds = /^\d+$/.test(value) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : null;
}

export async function parseError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  return fromEnvelope(response.status, body, response.statusText, retryAfterOf(response));
}

/** One part of a call's input: left out where the route takes none. */
type Part<K extends string, T, Required extends boolean> = [T] extends [undefined]
  ? unknown
  : Required extends true
    ? { [P in K]: T }
    : { [P in K]?: T };

/** What a call of route `N` sends: its path parameters and body (required where it has them), its query (optional). */
type CallInput<N extends RouteName> = Part<"params", ParamsInput<N>, true> &
  Part<"query", QueryInput<N>, false> &
  Part<"body", BodyInput<N>, true>;

/** The input as an argument: optional when the route needs nothing. */
type Args<N extends RouteName> = object extends CallInput<N> ? [input?: CallInput<N>] : [input: CallInput<N>];

/** Routes answered in JSON with a JSON body (or none): what `call` takes. */
export type JsonRouteName = { [N in RouteName]: [AnswerOf<N>] extends [never] ? never : N extends FormRouteName ? never : N }[RouteName];

interface LooseInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
}

/** The URL of route `N`: its path with the parameters encoded, then the query's non-empty values. */
function urlOf<N extends RouteName>(name: N, ...[input]: Args<N>): string {
  const { params, query } = (input ?? {}) as LooseInput;
  const path = ROUTE_MANIFEST[name].path.replace(/:([A-Za-z]+)/g, (_match, key: string) => encodeURIComponent(String(params?.[key])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The answer's value: the envelope's `data`, or the JSON as it is (DELETE routes and sign-out answer `true`). */
function answerValue(name: RouteName, body: unknown): unknown {
  return ROUTE_MANIFEST[name].answer === "data" ? (body as { data: unknown }).data : body;
}

async function send<N extends JsonRouteName>(name: N, input: LooseInput | undefined): Promise<{ value: AnswerOf<N>; headers: Headers }> {
  const init: RequestInit = { method: ROUTE_MANIFEST[name].method, credentials: "same-origin" };
  if (input?.body !== undefined) {
    init.body = JSON.stringify(input.body);
    init.headers = { "Content-Type": "application/json" };
  }
  const response = await fetch(urlOf(name, ...([input] as Args<N>)), init);
  if (!response.ok) throw await parseError(response);
  return { value: answerValue(name, await response.json()) as AnswerOf<N>, headers: response.headers };
}

/** An upload with progress (fetch has none), as the resource dialog, the editor and the importer show. */
function upload<N extends FormRouteName>(
  name: N,
  file: File,
  options: { query?: QueryInput<N>; onProgress?: (fraction: number) => void } = {},
): Promise<AnswerOf<N>> {
  const form = new FormData();
  form.append("file", file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(ROUTE_MANIFEST[name].method, urlOf(name, ...([{ query: options.query }] as Args<N>)));
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(answerValue(name, body) as AnswerOf<N>);
      else reject(fromEnvelope(xhr.status, body, xhr.statusText, null));
    };
    xhr.onerror = () => reject(new ApiError(0, "Network error"));
    xhr.send(form);
  });
}

export const api = {
  /** @example await api.call("memo.patch", { params: { memoId: 1 }, body: { pinned: true } }) */
  call: async <N extends JsonRouteName>(name: N, ...[input]: Args<N>): Promise<AnswerOf<N>> =>
    (await send(name, input as LooseInput)).value,
  /** The answer with the response's headers (a memo list's `X-Next-Cursor`). */
  callWithHeaders: <N extends JsonRouteName>(name: N, ...[input]: Args<N>) => send(name, input as LooseInput),
  upload,
  url: urlOf,
};
