// Factories: each builds what it needs and returns a ready client, so a test states only what it is about.
import type { Memo, Resource, Role, User, Visibility } from "@memos/common";
import type { TestApp } from "./harness.js";
import { Client, sessionCookieFrom } from "./client.js";

export const PASSWORD = "secret-pass";

export interface TestUser {
  user: User;
  client: Client;
}

export const anonymous = (t: TestApp): Client => new Client(t.app);

export async function signUpHost(t: TestApp, username = "host"): Promise<TestUser> {
  const response = await anonymous(t).post("/api/auth/signup", { username, password: PASSWORD, role: "HOST" });
  if (response.status !== 200) throw new Error(`host sign-up failed: ${response.text}`);
  return { user: response.body.data, client: anonymous(t).withCookie(sessionCookieFrom(response.headers)) };
}

export async function signIn(t: TestApp, username: string, password = PASSWORD): Promise<Client> {
  const response = await anonymous(t).post("/api/auth/signin", { username, password });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.text}`);
  return anonymous(t).withCookie(sessionCookieFrom(response.headers));
}

/** Creates a member through the host (who must exist) and signs them in. */
export async function createUser(t: TestApp, host: TestUser, username: string, role: Exclude<Role, "HOST"> = "USER"): Promise<TestUser> {
  const response = await host.client.post("/api/user", { username, password: PASSWORD, role });
  if (response.status !== 200) throw new Error(`user creation failed: ${response.text}`);
  // The creator's answer never carries the member's openId: the member's own view of themself does.
  const client = await signIn(t, username);
  return { user: (await client.get("/api/user/me")).body.data, client };
}

export async function createMemo(owner: TestUser, content: string, visibility: Visibility = "PRIVATE", extra: object = {}): Promise<Memo> {
  const response = await owner.client.post("/api/memo", { content, visibility, ...extra });
  if (response.status !== 200) throw new Error(`memo creation failed: ${response.text}`);
  return response.body.data;
}

/** Builds a multipart/form-data body by hand, as a browser would send it. */
export function multipartBody(
  field: string,
  filename: string,
  type: string,
  data: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----memos${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** POST /api/resource/blob with the file in form field `field`; the answer as it comes, whatever it is. */
export function uploadBlob(owner: TestUser, field: string, filename: string, type: string, data: Buffer<ArrayBufferLike>) {
  const body = multipartBody(field, filename, type, data);
  return owner.client.post("/api/resource/blob", body.payload, { headers: body.headers });
}

export async function uploadResource(
  owner: TestUser,
  filename = "photo.png",
  type = "image/png",
  data: Buffer<ArrayBufferLike> = Buffer.from("fake-png-bytes"),
): Promise<Resource> {
  const response = await uploadBlob(owner, "file", filename, type, data);
  if (response.status !== 200) throw new Error(`upload failed: ${response.text}`);
  return response.body.data;
}
