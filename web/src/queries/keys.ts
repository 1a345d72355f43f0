// Query-key factory: every cache entry of server data is named here, so mutations can invalidate by prefix.
import type { BoundingBox, QueryInput } from "@memos/common";

/** A memo list's query, as the list route takes it (the key names the list by it). */
export type MemoListParams = QueryInput<"memo.list">;

/** Which list: the home feed, explore, a user page (visitor mode) or the archive. */
export type MemoListScope = "home" | "explore" | "user" | "archived";

export const keys = {
  status: ["status"] as const,
  /** The sign-in page's providers and whether password sign-in is on. */
  ssoOptions: ["sso-options"] as const,
  identityProviders: ["identity-providers"] as const,
  /** The signed-in account's linked providers. */
  identities: ["identities"] as const,
  me: ["me"] as const,
  /** The signed-in account's two-factor sign-in (and whether this session must set it up first). */
  twoFactor: ["two-factor"] as const,
  passkeys: ["passkeys"] as const,
  /** The consent page's check of an app's authorization request. */
  oauthAuthorization: (request: object) => ["oauth-authorization", request] as const,
  users: ["users"] as const,
  user: (id: number) => ["user", id] as const,
  memos: {
    all: ["memos"] as const,
    list: (scope: MemoListScope, params: MemoListParams) => ["memos", "list", scope, params] as const,
    /** How many memos a list's filter matches, counted up to 30 (shown while searching). */
    count: (scope: MemoListScope, params: MemoListParams) => ["memos", "count", scope, params] as const,
    /** The ids a list's filter selects, up to 10,000 (a bulk edit's "select all"). */
    ids: (scope: MemoListScope, params: MemoListParams) => ["memos", "ids", scope, params] as const,
    detail: (id: number) => ["memos", "detail", id] as const,
    /** A memo's Links and Referenced by (pages of backlinks); every save may change any memo's. */
    relations: ["memos", "relation"] as const,
    relation: (id: number) => ["memos", "relation", id] as const,
    /** How many memos reference it, as the viewer may see them (asked for a page of cards at once). */
    relationCount: (id: number) => ["memos", "relation", "count", id] as const,
    /** The `[[` picker's search of the user's memos. */
    linkSearch: (text: string) => ["memos", "link-search", text] as const,
    stats: (creatorId: number, from: number, to?: number) => ["memos", "stats", creatorId, from, to] as const,
    amount: (userId: number) => ["memos", "amount", userId] as const,
    /** A month of the calendar: its days' counts and first memos, keyed by the month's first local midnight. */
    calendar: (creatorId: number, from: number) => ["memos", "calendar", creatorId, from] as const,
    /** The map's places of the caller's memos, in a box (null: everywhere). */
    places: (box: BoundingBox | null) => ["memos", "places", box] as const,
    /** One day of the user's memos, read whole for the daily review (not a paged list). */
    dailyReview: (params: MemoListParams) => ["memos", "daily-review", params] as const,
  },
  /** A memo's kept versions (its author's), newest first, in pages. */
  revisions: (memoId: number) => ["revisions", memoId] as const,
  /** Every memo's history (a bulk edit adds to many). */
  allRevisions: ["revisions"] as const,
  /** A memo's emoji reactions (asked for a page of cards at once). */
  reactions: (memoId: number) => ["reactions", memoId] as const,
  /** A memo's comments, in pages, oldest first. */
  comments: (memoId: number) => ["comments", memoId] as const,
  /** How many comments a memo has (asked for a page of cards at once). */
  commentCount: (memoId: number) => ["comment-count", memoId] as const,
  /** The signed-in user's inbox: its pages and the unread count. */
  inbox: ["inbox"] as const,
  /** The signed-in user's trash, in pages. */
  trash: ["trash"] as const,
  shortcuts: ["shortcuts"] as const,
  tags: ["tags"] as const,
  tagSuggestions: ["tags", "suggestions"] as const,
  tagCounts: ["tags", "counts"] as const,
  /** Each parent of the tag tree with the memos of its whole subtree. */
  tagSubtreeCounts: ["tags", "subtree-counts"] as const,
  /** What renaming `from` to `to` would change (a dry run; outside keys.tags, which a rename invalidates). */
  tagRenamePreview: (from: string, to: string) => ["tag-rename-preview", from, to] as const,
  resources: ["resources"] as const,
  accessTokens: ["access-tokens"] as const,
  /** Where the caller is signed in (Settings › My account). */
  sessions: ["sessions"] as const,
  /** A memo's live share links (its author's). */
  shares: (memoId: number) => ["shares", memoId] as const,
  /** What a share link opens (the page /s/:token, for anyone). */
  sharedMemo: (token: string) => ["shared-memo", token] as const,
  webhooks: ["webhooks"] as const,
  webhookDeliveries: (id: number) => ["webhooks", id, "deliveries"] as const,
  /** The project's star count and latest release (About), as the server read them from GitHub. */
  projectInfo: ["project-info"] as const,
};
