// The web's one client of the API, typed by the route table (common/src/api/routes): a call names a route
// (`api.call("memo.create", { body })`), sends the path parameters, query and body that route takes, and resolves
// with its answer's type; the URL is the entry's method and path. `{"data": …}` is unwrapped where the entry says
// the answer is enveloped, and error envelopes become ApiError. Uploads with progress and reads that need a
// header (a memo list's next cursor) are small helpers over the same table.
import {
  type AnswerOf,
  type BodyInput,
  type ErrorEnvelope,
  type FormRouteName,
  type ParamsInput,
  type QueryInput,
  ROUTES,
  type RouteEntry,
  type RouteName,
} from "@memos/common";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Seconds to wait, from a `Retry-After` header (a 429), when there is one. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

/** `Retry-After` is seconds or an HTTP date. */
function retryAfterOf(response: Response): number | null {
  const value = response.headers.get("Retry-After")?.trim();
  if (!value) return null;
  const seconds = /^\d+$/.test(value) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : null;
}

export async function parseError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as Partial<ErrorEnvelope>;
    return new ApiError(response.status, body.message || body.error || response.statusText, retryAfterOf(response));
  } catch {
    return new ApiError(response.status, response.statusText || `HTTP ${response.status}`, retryAfterOf(response));
  }
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
  const path = (ROUTES[name] as RouteEntry).path.replace(/:([A-Za-z]+)/g, (_match, key: string) =>
    encodeURIComponent(String(params?.[key])),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The answer's value: the envelope's `data`, or the JSON as it is (DELETE routes and sign-out answer `true`). */
function answerValue(name: RouteName, body: unknown): unknown {
  return (ROUTES[name] as RouteEntry).answer.kind === "data" ? (body as { data: unknown }).data : body;
}

async function send<N extends JsonRouteName>(name: N, input: LooseInput | undefined): Promise<{ value: AnswerOf<N>; headers: Headers }> {
  const entry: RouteEntry = ROUTES[name];
  const init: RequestInit = { method: entry.method, credentials: "same-origin" };
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
    xhr.open((ROUTES[name] as RouteEntry).method, urlOf(name, ...([{ query: options.query }] as Args<N>)));
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
      else reject(new ApiError(xhr.status, (body as Partial<ErrorEnvelope>).message ?? xhr.statusText));
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
