// The typed transport over fetch: unwraps the {data} envelope and turns error envelopes into ApiError.
import type { ErrorEnvelope } from "@memos/common";

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

export type Query = Record<string, string | number | boolean | undefined | null>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export async function parseError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as Partial<ErrorEnvelope>;
    return new ApiError(response.status, body.message || body.error || response.statusText, retryAfterOf(response));
  } catch {
    return new ApiError(response.status, response.statusText || `HTTP ${response.status}`, retryAfterOf(response));
  }
}

/** A GET whose answer also carries headers (the memo lists' next-page cursor). */
export async function getWithHeaders<T>(path: string, query?: Query): Promise<{ data: T; headers: Headers }> {
  const response = await fetch(withQuery(path, query), { method: "GET", credentials: "same-origin" });
  if (!response.ok) throw await parseError(response);
  const body = (await response.json()) as { data: T };
  return { data: body.data, headers: response.headers };
}

async function request<T>(method: string, path: string, options: { query?: Query; body?: unknown } = {}): Promise<T> {
  const init: RequestInit = { method, credentials: "same-origin", headers: {} };
  if (options.body instanceof FormData) {
    init.body = options.body;
  } else if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    (init.headers as Record<string, string>)["Content-Type"] = "application/json";
  }
  const response = await fetch(withQuery(path, options.query), init);
  if (!response.ok) throw await parseError(response);
  const body = (await response.json()) as { data: T } | T;
  // DELETE routes and sign-out answer a bare `true`.
  return typeof body === "object" && body !== null && "data" in body ? (body as { data: T }).data : (body as T);
}

export const http = {
  get: <T>(path: string, query?: Query) => request<T>("GET", path, { query }),
  post: <T>(path: string, body?: unknown, query?: Query) => request<T>("POST", path, { body, query }),
  patch: <T>(path: string, body?: unknown) => request<T>("PATCH", path, { body }),
  delete: <T = boolean>(path: string) => request<T>("DELETE", path),
};

/** Upload with progress (fetch has no upload progress), as the resource dialog and editor need. */
export function uploadWithProgress<T>(path: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: { data?: T; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body.data as T);
      else reject(new ApiError(xhr.status, body.message ?? xhr.statusText));
    };
    xhr.onerror = () => reject(new ApiError(0, "Network error"));
    xhr.send(form);
  });
}
