// A small HTTP client over app.inject(): real routing, hooks and serialisation, no sockets.
import type { FastifyInstance, InjectOptions } from "fastify";

export interface Response<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
}

/** Acts as one caller: anonymous, a session cookie, or an access token (openId). */
export class Client {
  constructor(
    private readonly app: FastifyInstance,
    private readonly auth: { cookie?: string; token?: string } = {},
  ) {}

  withCookie(cookie: string): Client {
    return new Client(this.app, { cookie });
  }

  withToken(token: string): Client {
    return new Client(this.app, { token });
  }

  get cookie(): string | undefined {
    return this.auth.cookie;
  }

  async request<T = any>(
    method: InjectOptions["method"],
    url: string,
    payload?: unknown,
    options: RequestOptions = {},
  ): Promise<Response<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.auth.cookie) headers.cookie = this.auth.cookie;
    if (this.auth.token) headers.authorization = `Bearer ${this.auth.token}`;
    const query = Object.fromEntries(
      Object.entries(options.query ?? {})
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => [key, String(value)]),
    );
    const response = await this.app.inject({
      method,
      url,
      query,
      headers,
      ...(payload === undefined
        ? {}
        : typeof payload === "string" || Buffer.isBuffer(payload)
          ? { payload }
          : { payload: payload as object }),
    });
    let body: any;
    try {
      body = response.body === "" ? undefined : JSON.parse(response.body);
    } catch {
      body = undefined;
    }
    return { status: response.statusCode, body, text: response.body, headers: response.headers };
  }

  get<T = any>(url: string, options?: RequestOptions) {
    return this.request<T>("GET", url, undefined, options);
  }
  post<T = any>(url: string, payload?: unknown, options?: RequestOptions) {
    return this.request<T>("POST", url, payload, options);
  }
  patch<T = any>(url: string, payload?: unknown, options?: RequestOptions) {
    return this.request<T>("PATCH", url, payload, options);
  }
  delete<T = any>(url: string, options?: RequestOptions) {
    return this.request<T>("DELETE", url, undefined, options);
  }
}

/** The `name=value` part of a Set-Cookie header, ready for a Cookie header. */
export function sessionCookieFrom(headers: Response["headers"]): string {
  const raw = headers["set-cookie"];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const cookie = list.find((value) => value.startsWith("memos_session="));
  if (!cookie) throw new Error("no memos_session cookie was set");
  return cookie.split(";")[0]!;
}
