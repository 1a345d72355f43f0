// Every API call the web app makes, typed from @memos/common: answers from its entity types, requests from the
// z.input types of the very schemas the server validates with (common/src/api/requests.ts). No request shape is
// declared here.
import type {
  AccessToken,
  AccessTokenCreateRequest,
  CreatedAccessToken,
  ImportResult,
  Memo,
  MemoAmountRequest,
  MemoCreateRequest,
  MemoListRequest,
  MemoOrganizerRequest,
  MemoPatchRequest,
  MemoResourceLinkRequest,
  MemoStatsRequest,
  Resource,
  ResourcePatchRequest,
  Shortcut,
  ShortcutCreateRequest,
  ShortcutPatchRequest,
  SignInRequest,
  SignUpRequest,
  SystemSetting,
  SystemSettingUpsertRequest,
  TagCount,
  TagCreateRequest,
  SystemStatus,
  User,
  UserCreateRequest,
  UserPatchRequest,
  UserSetting,
  UserSettingUpsertRequest,
  Webhook,
  WebhookCreateRequest,
  WebhookDelivery,
  WebhookPatchRequest,
} from "@memos/common";
import { NEXT_CURSOR_HEADER } from "@memos/common/domain/constants";
import { getWithHeaders, http, uploadWithProgress } from "./client";

/** A query's keys from its schema; the URL writes numbers and booleans as the text the schema reads. */
type QueryOf<T> = { [K in keyof T]?: NonNullable<T[K]> | number | boolean };

/** `cursor` is the previous page's next cursor (keyset paging); not combined with offset. */
export type MemoListParams = QueryOf<MemoListRequest>;

/** A page of a memo list and the cursor of the next one (none after the last page). */
export interface MemoPage {
  memos: Memo[];
  nextCursor?: string;
}

async function memoPage(path: string, params: MemoListParams): Promise<MemoPage> {
  const { data, headers } = await getWithHeaders<Memo[]>(path, { ...params });
  return { memos: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) ?? undefined };
}

export const api = {
  status: () => http.get<SystemStatus>("/api/status"),
  upsertSystemSetting: (name: string, value: unknown) =>
    http.post<SystemSetting>("/api/system/setting", { name, value: JSON.stringify(value) } satisfies SystemSettingUpsertRequest),
  vacuum: () => http.post<boolean>("/api/system/vacuum"),

  signIn: (username: string, password: string) => http.post<User>("/api/auth/signin", { username, password } satisfies SignInRequest),
  signUp: (username: string, password: string, role: NonNullable<SignUpRequest["role"]>) =>
    http.post<User>("/api/auth/signup", { username, password, role } satisfies SignUpRequest),
  signOut: () => http.post<boolean>("/api/auth/signout"),

  /** The signed-in user, or null for a visitor (a 200 either way, unlike /api/user/me). */
  session: () => http.get<User | null>("/api/auth/session"),
  users: () => http.get<User[]>("/api/user"),
  user: (id: number) => http.get<User>(`/api/user/${id}`),
  createUser: (body: UserCreateRequest) => http.post<User>("/api/user", body),
  patchUser: (id: number, body: UserPatchRequest) => http.patch<User>(`/api/user/${id}`, body),
  deleteUser: (id: number) => http.delete(`/api/user/${id}`),
  upsertUserSetting: (key: UserSettingUpsertRequest["key"], value: unknown) =>
    http.post<UserSetting>("/api/user/setting", { key, value: JSON.stringify(value) } satisfies UserSettingUpsertRequest),

  memos: (params: MemoListParams) => memoPage("/api/memo", params),
  exploreMemos: (params: MemoListParams) => memoPage("/api/memo/all", params),
  /** Display times (Unix seconds) at or after `from`: only the weeks the heat map shows. */
  memoStats: (creatorId: number, from: number) =>
    http.get<number[]>("/api/memo/stats", { creatorId, from } satisfies QueryOf<MemoStatsRequest>),
  /** How many NORMAL memos of the user the caller may read. */
  memoAmount: (userId: number) => http.get<number>("/api/memo/amount", { userId } satisfies QueryOf<MemoAmountRequest>),
  memo: (id: number) => http.get<Memo>(`/api/memo/${id}`),
  createMemo: (body: MemoCreateRequest) => http.post<Memo>("/api/memo", body),
  patchMemo: (id: number, body: MemoPatchRequest) => http.patch<Memo>(`/api/memo/${id}`, body),
  deleteMemo: (id: number) => http.delete(`/api/memo/${id}`),
  pinMemo: (id: number, pinned: boolean) => http.post<Memo>(`/api/memo/${id}/organizer`, { pinned } satisfies MemoOrganizerRequest),
  linkResource: (memoId: number, resourceId: number) => http.post<Resource>(`/api/memo/${memoId}/resource`, { resourceId } satisfies MemoResourceLinkRequest),
  unlinkResource: (memoId: number, resourceId: number) => http.delete(`/api/memo/${memoId}/resource/${resourceId}`),

  shortcuts: () => http.get<Shortcut[]>("/api/shortcut"),
  createShortcut: (body: ShortcutCreateRequest) => http.post<Shortcut>("/api/shortcut", body),
  patchShortcut: (id: number, body: ShortcutPatchRequest) => http.patch<Shortcut>(`/api/shortcut/${id}`, body),
  deleteShortcut: (id: number) => http.delete(`/api/shortcut/${id}`),

  resources: () => http.get<Resource[]>("/api/resource"),
  uploadResource: (file: File, onProgress?: (fraction: number) => void) => {
    const form = new FormData();
    form.append("file", file, file.name);
    return uploadWithProgress<Resource>("/api/resource/blob", form, onProgress);
  },
  /** POST /api/import: a dry run answers what would be imported and writes nothing. */
  importArchive: (file: File, dryRun: boolean, onProgress?: (fraction: number) => void) => {
    const form = new FormData();
    form.append("file", file, file.name);
    return uploadWithProgress<ImportResult>(`/api/import${dryRun ? "?dryRun=true" : ""}`, form, onProgress);
  },
  patchResource: (id: number, filename: string) => http.patch<Resource>(`/api/resource/${id}`, { filename } satisfies ResourcePatchRequest),
  deleteResource: (id: number) => http.delete(`/api/resource/${id}`),

  tags: () => http.get<string[]>("/api/tag"),
  /** The caller's tags with how many of their memos carry each (an addition to v0). */
  tagCounts: () => http.get<TagCount[]>("/api/tag/count"),
  tagSuggestions: () => http.get<string[]>("/api/tag/suggestion"),
  createTag: (name: string) => http.post<string>("/api/tag", { name } satisfies TagCreateRequest),
  deleteTag: (name: string) => http.delete(`/api/tag/${encodeURIComponent(name)}`),

  accessTokens: () => http.get<AccessToken[]>("/api/access-token"),
  createAccessToken: (body: AccessTokenCreateRequest) => http.post<CreatedAccessToken>("/api/access-token", body),
  revokeAccessToken: (id: number) => http.delete(`/api/access-token/${id}`),

  webhooks: () => http.get<Webhook[]>("/api/webhook"),
  createWebhook: (body: WebhookCreateRequest) => http.post<Webhook>("/api/webhook", body),
  patchWebhook: (id: number, body: WebhookPatchRequest) => http.patch<Webhook>(`/api/webhook/${id}`, body),
  deleteWebhook: (id: number) => http.delete(`/api/webhook/${id}`),
  webhookDeliveries: (id: number) => http.get<WebhookDelivery[]>(`/api/webhook/${id}/delivery`),
  testWebhook: (id: number) => http.post<WebhookDelivery>(`/api/webhook/${id}/test`),
  redeliverWebhook: (id: number, deliveryId: number) => http.post<WebhookDelivery>(`/api/webhook/${id}/delivery/${deliveryId}/redeliver`),
};

/** Where a resource's bytes live: its external link, or our file route. */
export const resourceUrl = (resource: Resource): string =>
  resource.externalLink || `/o/r/${resource.id}/${encodeURIComponent(resource.filename)}`;
