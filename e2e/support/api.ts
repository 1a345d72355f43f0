// A small typed client of the memos v0 API for setting up test data. It wraps a Playwright
// APIRequestContext, so when that context is a browser context's `request`, the session cookie it gets by
// signing in is the browser's too.
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { deflateSync } from "node:zlib";

export type Visibility = "PUBLIC" | "PROTECTED" | "PRIVATE";

export interface User {
  id: number;
  username: string;
  nickname: string;
  email?: string;
  openId?: string;
  role: "HOST" | "ADMIN" | "USER";
  userSettingList?: { key: string; value: string }[];
}

export interface Resource {
  id: number;
  filename: string;
  type: string;
}

export interface Memo {
  id: number;
  creatorId: number;
  content: string;
  visibility: Visibility;
  pinned: boolean;
  rowStatus: "NORMAL" | "ARCHIVED";
  resourceList: Resource[];
}

export interface Credentials {
  username: string;
  password: string;
}

export const PASSWORD = "secret-pass";

/** A username no other test on this server uses (4–32 characters, no spaces). */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.slice(0, 32);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/** A real PNG of `width`×`height`: a dawn-coloured gradient with a sun, so screenshots show a picture. */
export function makePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const t = y / height;
      const sun = Math.hypot(x - width * 0.7, y - height * 0.62) < height * 0.16;
      const pixel = sun ? [255, 214, 102] : [Math.round(40 + 200 * t), Math.round(90 + 80 * t), Math.round(170 - 60 * t)];
      rows.set(pixel, row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The image the tests upload (96×64). */
export const PNG_BYTES = makePng(96, 64);

async function data<T>(response: APIResponse, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${await response.text()}`);
  const body = (await response.json()) as { data?: T } | T;
  return typeof body === "object" && body !== null && "data" in body ? (body.data as T) : (body as T);
}

export class MemosApi {
  constructor(
    readonly request: APIRequestContext,
    readonly baseURL: string,
  ) {}

  private url(path: string): string {
    return `${this.baseURL}${path}`;
  }

  async signUp(credentials: Credentials, role: "HOST" | "USER" = "HOST"): Promise<User> {
    const response = await this.request.post(this.url("/api/auth/signup"), { data: { ...credentials, role } });
    return data<User>(response, "sign up");
  }

  async signIn(credentials: Credentials): Promise<User> {
    const response = await this.request.post(this.url("/api/auth/signin"), { data: credentials });
    return data<User>(response, "sign in");
  }

  async signOut(): Promise<void> {
    await this.request.post(this.url("/api/auth/signout"));
  }

  async status(): Promise<{ host: User | null; allowSignUp: boolean }> {
    return data(await this.request.get(this.url("/api/status")), "status");
  }

  /** Creates a member, or an admin (host and admins only). */
  async createUser(credentials: Credentials, nickname?: string, role: "USER" | "ADMIN" = "USER"): Promise<User> {
    const response = await this.request.post(this.url("/api/user"), { data: { ...credentials, role, nickname } });
    return data<User>(response, "create user");
  }

  /** `createdTs` (Unix seconds) back-dates the memo. */
  async createMemo(content: string, visibility: Visibility = "PRIVATE", resourceIdList?: number[], createdTs?: number): Promise<Memo> {
    const response = await this.request.post(this.url("/api/memo"), { data: { content, visibility, resourceIdList, createdTs } });
    return data<Memo>(response, "create memo");
  }

  async patchMemo(id: number, patch: { content?: string; createdTs?: number; visibility?: Visibility }): Promise<Memo> {
    return data<Memo>(await this.request.patch(this.url(`/api/memo/${id}`), { data: patch }), "patch memo");
  }

  async memo(id: number): Promise<APIResponse> {
    return this.request.get(this.url(`/api/memo/${id}`));
  }

  async myMemos(rowStatus: "NORMAL" | "ARCHIVED" = "NORMAL"): Promise<Memo[]> {
    const me = await this.me();
    const response = await this.request.get(this.url(`/api/memo?creatorId=${me.id}&rowStatus=${rowStatus}`));
    return data<Memo[]>(response, "list memos");
  }

  async react(memoId: number, emoji: string): Promise<void> {
    await data(await this.request.post(this.url(`/api/memo/${memoId}/reaction`), { data: { emoji } }), "react");
  }

  async createComment(memoId: number, content: string): Promise<{ id: number }> {
    return data(await this.request.post(this.url(`/api/memo/${memoId}/comment`), { data: { content } }), "comment");
  }

  async reactToComment(commentId: number, emoji: string): Promise<void> {
    await data(await this.request.post(this.url(`/api/comment/${commentId}/reaction`), { data: { emoji } }), "react to comment");
  }

  async markInboxRead(): Promise<void> {
    await data(await this.request.post(this.url("/api/inbox/read"), { data: { all: true } }), "mark the inbox read");
  }

  async deleteMemo(id: number): Promise<void> {
    await data(await this.request.delete(this.url(`/api/memo/${id}`)), "delete memo");
  }

  async trash(): Promise<Memo[]> {
    return (await data<{ memos: Memo[] }>(await this.request.get(this.url("/api/trash")), "list the trash")).memos;
  }

  async revisions(memoId: number): Promise<{ content: string; source: string | null }[]> {
    const page = await data<{ revisions: { content: string; source: string | null }[] }>(
      await this.request.get(this.url(`/api/memo/${memoId}/revision`)),
      "list revisions",
    );
    return page.revisions;
  }

  async archive(id: number): Promise<void> {
    await data(await this.request.patch(this.url(`/api/memo/${id}`), { data: { rowStatus: "ARCHIVED" } }), "archive memo");
  }

  async pin(id: number, pinned = true): Promise<void> {
    await data(await this.request.post(this.url(`/api/memo/${id}/organizer`), { data: { pinned } }), "pin memo");
  }

  async me(): Promise<User> {
    return data<User>(await this.request.get(this.url("/api/user/me")), "me");
  }

  async setNickname(id: number, nickname: string): Promise<User> {
    return data<User>(await this.request.patch(this.url(`/api/user/${id}`), { data: { nickname } }), "patch user");
  }

  async setUserSetting(key: "locale" | "appearance" | "memoVisibility", value: string): Promise<void> {
    const response = await this.request.post(this.url("/api/user/setting"), { data: { key, value: JSON.stringify(value) } });
    await data(response, "user setting");
  }

  async uploadImage(name = "picture.png", buffer: Buffer = PNG_BYTES): Promise<Resource> {
    return this.uploadFile(name, "image/png", buffer);
  }

  async uploadFile(name: string, mimeType: string, buffer: Buffer): Promise<Resource> {
    const response = await this.request.post(this.url("/api/resource/blob"), { multipart: { file: { name, mimeType, buffer } } });
    return data<Resource>(response, "upload");
  }

  /** Imports a zip archive (`POST /api/import`): the quick way to seed many memos at once. */
  async importArchive(zip: Buffer): Promise<{ memos: number }> {
    const response = await this.request.post(this.url("/api/import"), {
      multipart: { file: { name: "archive.zip", mimeType: "application/zip", buffer: zip } },
    });
    return data(response, "import");
  }

  async resources(): Promise<(Resource & { linkedMemoAmount: number })[]> {
    return data(await this.request.get(this.url("/api/resource")), "list resources");
  }

  async createShortcut(title: string, filters: unknown[]): Promise<{ id: number; title: string }> {
    const response = await this.request.post(this.url("/api/shortcut"), { data: { title, payload: JSON.stringify(filters) } });
    return data(response, "create shortcut");
  }

  /** A personal access token of the signed-in user; its secret value. */
  async createAccessToken(name: string, scope: "read" | "read-write" = "read-write"): Promise<string> {
    const response = await this.request.post(this.url("/api/access-token"), { data: { name, scope } });
    return (await data<{ token: string }>(response, "create access token")).token;
  }

  async shortcuts(): Promise<{ id: number; title: string; payload: string; rowStatus: string }[]> {
    const me = await this.me();
    return data(await this.request.get(this.url(`/api/shortcut?creatorId=${me.id}`)), "list shortcuts");
  }
}
