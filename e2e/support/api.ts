// A small typed client of the memos v0 API for setting up test data. It wraps a Playwright
// APIRequestContext, so when that context is a browser context's `request`, the session cookie it gets by
// signing in is the browser's too.
import type { APIRequestContext, APIResponse } from "@playwright/test";

export type Visibility = "PUBLIC" | "PROTECTED" | "PRIVATE";

export interface User {
  id: number;
  username: string;
  nickname: string;
  role: "HOST" | "ADMIN" | "USER";
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

/** A tiny valid PNG (2×2, green), for uploads. */
export const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNkYPjPwMDAxMDAwMDAAAAh0gEDsyPw6QAAAABJRU5ErkJggg==",
  "base64",
);

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

  /** Creates a member (host only). */
  async createUser(credentials: Credentials, nickname?: string): Promise<User> {
    const response = await this.request.post(this.url("/api/user"), { data: { ...credentials, role: "USER", nickname } });
    return data<User>(response, "create user");
  }

  async createMemo(content: string, visibility: Visibility = "PRIVATE", resourceIdList?: number[]): Promise<Memo> {
    const response = await this.request.post(this.url("/api/memo"), { data: { content, visibility, resourceIdList } });
    return data<Memo>(response, "create memo");
  }

  async memo(id: number): Promise<APIResponse> {
    return this.request.get(this.url(`/api/memo/${id}`));
  }

  async myMemos(rowStatus: "NORMAL" | "ARCHIVED" = "NORMAL"): Promise<Memo[]> {
    const me = await this.me();
    const response = await this.request.get(this.url(`/api/memo?creatorId=${me.id}&rowStatus=${rowStatus}`));
    return data<Memo[]>(response, "list memos");
  }

  async pin(id: number, pinned = true): Promise<void> {
    await data(await this.request.post(this.url(`/api/memo/${id}/organizer`), { data: { pinned } }), "pin memo");
  }

  async me(): Promise<User> {
    return data<User>(await this.request.get(this.url("/api/user/me")), "me");
  }

  async setUserSetting(key: "locale" | "appearance" | "memoVisibility", value: string): Promise<void> {
    const response = await this.request.post(this.url("/api/user/setting"), { data: { key, value: JSON.stringify(value) } });
    await data(response, "user setting");
  }

  async uploadImage(name = "pixel.png"): Promise<Resource> {
    const response = await this.request.post(this.url("/api/resource/blob"), {
      multipart: { file: { name, mimeType: "image/png", buffer: PNG_BYTES } },
    });
    return data<Resource>(response, "upload");
  }
}
