// Clients of the v1 API over real HTTP, as memos' clients reach it: REST JSON with fetch (MoeMemos, scripts) and
// the official Connect client (the web app, memogram), binary protobuf by default.
import type { DescService } from "@bufbuild/protobuf";
import { type Client, ConnectError, createClient, type Interceptor } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { createUser, signUpHost, type TestUser } from "./factories.js";
import { createTestApp, type TestApp, type TestAppOptions } from "./harness.js";

/** Starts the app on a loopback port; the answer is its base URL. */
export async function listen(t: TestApp): Promise<string> {
  return t.app.listen({ host: "127.0.0.1", port: 0 });
}

/** A personal access token of the signed-in client's account. */
export async function personalToken(
  client: { post(url: string, body: unknown): Promise<{ body: any }> },
  scope = "read-write",
): Promise<string> {
  return (await client.post("/api/access-token", { name: `v1 ${scope}`, scope })).body.data.token as string;
}

export interface RestAnswer {
  status: number;
  body: any;
  headers: Headers;
}

/** A REST call: `Authorization: Bearer <token>` when a token is given, JSON both ways. */
export async function rest(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; cookie?: string } = {},
): Promise<RestAnswer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === "" ? undefined : JSON.parse(text), headers: response.headers };
}

/** A Connect client of one service, sending these headers with every call. */
export function connectClient<S extends DescService>(
  base: string,
  service: S,
  headers: Record<string, string> = {},
  useBinaryFormat = true,
): Client<S> {
  const withHeaders: Interceptor = (next) => (request) => {
    for (const [name, value] of Object.entries(headers)) request.header.set(name, value);
    return next(request);
  };
  return createClient(service, createConnectTransport({ baseUrl: base, httpVersion: "1.1", useBinaryFormat, interceptors: [withHeaders] }));
}

/** The ConnectError a call fails with; a call that succeeds fails the test. */
export async function failure(call: Promise<unknown>): Promise<ConnectError> {
  try {
    await call;
  } catch (error) {
    return ConnectError.from(error);
  }
  throw new Error("the call succeeded");
}

/** A v1 test's instance: a host and a member, each with a read-write personal access token, served on loopback. */
export interface V1Instance {
  t: TestApp;
  base: string;
  host: TestUser;
  member: TestUser;
  hostToken: string;
  memberToken: string;
}

export async function startV1Instance(options: TestAppOptions = {}): Promise<V1Instance> {
  const t = await createTestApp(options);
  const host = await signUpHost(t, "host");
  const member = await createUser(t, host, "member");
  const hostToken = await personalToken(host.client);
  const memberToken = await personalToken(member.client);
  return { t, base: await listen(t), host, member, hostToken, memberToken };
}
