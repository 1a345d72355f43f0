// Business constants shared by the server and the web app.

export const VISIBILITIES = ["PUBLIC", "PROTECTED", "PRIVATE"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** The list's `type` filter: memos without tags, memos with a link. */
export const MEMO_TYPE_FILTERS = ["NOT_TAGGED", "LINKED"] as const;
export type MemoTypeFilter = (typeof MEMO_TYPE_FILTERS)[number];

export const ROW_STATUSES = ["NORMAL", "ARCHIVED"] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

export const ROLES = ["HOST", "ADMIN", "USER"] as const;
export type Role = (typeof ROLES)[number];

export const LOCALES = ["en", "zh", "vi", "fr", "nl", "sv", "de", "es", "uk", "ru", "it"] as const;
export type Locale = (typeof LOCALES)[number];

export const APPEARANCES = ["system", "light", "dark"] as const;
export type Appearance = (typeof APPEARANCES)[number];

export const MEMO_DISPLAY_TS_OPTIONS = ["created_ts", "updated_ts"] as const;
export type MemoDisplayTsOption = (typeof MEMO_DISPLAY_TS_OPTIONS)[number];

/** The id the web uses for "nobody signed in" / "no user in the path". */
export const UNKNOWN_ID = -1;
export const DAILY_TIMESTAMP = 86_400_000;
/** Spaces inserted by Tab in the editor. */
export const TAB_SPACE_WIDTH = 2;
/** Page size the web app asks for (infinite scroll), as the v0 web did (docs/v0-wire.md#memo-lists). */
export const DEFAULT_MEMO_PAGE_SIZE = 30;

/** The page size of a memo list asked without a `limit` (or with 0) (docs/api.md#list-query-parameters-get-apimemo-and-get-apimemoall). */
export const DEFAULT_LIST_LIMIT = 200;

/** The session cookie a browser signs in with (set by `POST /api/auth/signin` and `/signup`). */
export const SESSION_COOKIE = "memos_session";

/** The cookie the v1 API's sign-in sets beside the session's (memos' name): what RefreshToken reads. */
export const REFRESH_COOKIE = "memos_refresh";

/** The response header of `GET /api/memo` and `/api/memo/all` holding the next page's `cursor` (absent after the last page). */
export const NEXT_CURSOR_HEADER = "X-Next-Cursor";
/** The largest page a memo list gives, whatever `limit` asks. */
export const MAX_LIST_LIMIT = 1000;
/** The count of a list's matches stops here (`GET /api/memo/count`): the web shows "30+ memos" beyond. */
export const MEMO_COUNT_CAP = 30;

/** The largest memo content we accept, in UTF-8 bytes. */
export const MAX_MEMO_CONTENT_BYTES = 1024 * 1024;
export const DEFAULT_MAX_UPLOAD_MB = 32;

/** The most memos one bulk edit (`POST /api/memo/batch`), selection export or `GET /api/memo/ids` takes. */
export const MAX_BATCH_IDS = 10_000;
/** What a bulk edit does to each memo it may change (`POST /api/memo/batch`). */
export const MEMO_BATCH_ACTIONS = ["archive", "restore", "pin", "unpin", "trash", "addTags", "removeTags", "visibility"] as const;
export type MemoBatchAction = (typeof MEMO_BATCH_ACTIONS)[number];
