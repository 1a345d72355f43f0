// Every kind of failure the server answers, by a stable key: the `reason` of the error envelope, beside v0's
// `error` and `message`. A client branches and translates on the key (the web shows `error.<reason>` from its
// locale files); the message stays v0's English sentence. A key never changes meaning once published: a new kind
// of failure gets a new key. `params` lists the values the envelope's `params` carries for a translation.

export interface ReasonEntry {
  /** The HTTP status the server answers with this reason. */
  readonly status: number;
  /** When it is answered (the OpenAPI document and docs/api.md show this). */
  readonly description: string;
  /** Keys of the envelope's `params`, always sent with this reason. */
  readonly params?: readonly string[];
}

export const ERROR_REASONS = {
  "input.invalid": { status: 400, description: "A value breaks a rule; `field` names it when the input has one" },
  "input.too-long": { status: 400, description: "A text is longer than its cap (`field`)", params: ["maximum"] },
  "input.malformed": { status: 400, description: "The body or URL cannot be read: not JSON, not an object, a bad URL" },
  "input.unsupported-type": { status: 415, description: "The body's content type is not one the route reads" },
  "input.too-large": { status: 413, description: "A JSON body past its route's limits (bytes, values, depth)", params: ["maximum"] },
  "input.uri-too-long": { status: 414, description: "A path segment longer than 500 characters" },
  "input.conflict": { status: 409, description: "A unique value taken meanwhile by another request" },

  "auth.unauthenticated": { status: 401, description: "Not signed in" },
  "auth.unknown-username": { status: 401, description: "Sign-in: no user has this username" },
  "auth.incorrect-password": { status: 401, description: "Sign-in: the password is wrong" },
  "auth.invalid-token": { status: 401, description: "An access token that is unknown or revoked" },
  "auth.token-expired": { status: 401, description: "An access token past its expiry" },
  "auth.token-required": {
    status: 401,
    description: "A route that takes a personal access token in `Authorization: Bearer` only (`/mcp`), without one",
  },
  "auth.token-as-open-id": { status: 401, description: "An access token sent as the open ID instead of in the Authorization header" },
  "auth.forbidden": { status: 403, description: "Signed in, but not allowed" },
  "auth.session-only": { status: 403, description: "Only a signed-in session may do this (not an access token or the open ID)" },
  "auth.read-only-token": { status: 403, description: "A read-only access token tried to write" },
  "auth.mcp-only-token": {
    status: 403,
    description: "An access token an app got by OAuth (for MCP) used outside the MCP endpoint",
  },
  "auth.cross-site": { status: 403, description: "A cookie request from another site" },
  "auth.admin-only": { status: 403, description: "Only the host or an admin may do this" },
  "auth.host-only": { status: 403, description: "Only the host may do this" },
  "auth.signup-closed": { status: 403, description: "Sign-up is turned off on this instance" },
  "auth.first-user-must-be-host": { status: 403, description: "The first account must sign up as the host" },
  "auth.account-archived": { status: 403, description: "The account is archived" },
  "auth.code-required": { status: 401, description: "Sign-in: the account has two-factor sign-in; send `code` too" },
  "auth.incorrect-code": {
    status: 401,
    description: "A two-factor code that is wrong, used already (no replay), or a recovery code used before",
  },
  "auth.code-locked": {
    status: 429,
    description: "Wrong two-factor codes of the account (any address) past 10 in 15 min: app codes wait `seconds`",
    params: ["seconds"],
  },
  "auth.sso-step-expired": {
    status: 401,
    description: "Second factor after single sign-on: no step under way in this browser, or it expired or was used",
  },
  "auth.two-factor-setup-required": {
    status: 403,
    description: "The host requires two-factor sign-in: this session may only set it up (`/api/auth/totp/…`)",
  },
  "auth.two-factor-required": { status: 403, description: "The host requires two-factor sign-in: it cannot be turned off" },
  "auth.passkey-required": {
    status: 401,
    description: "Sign-in: the account's second factor is a passkey (it has no authenticator app): send `passkey`",
  },
  "auth.incorrect-passkey": {
    status: 401,
    description: "A passkey's answer that is not valid: an unknown credential, a bad signature, or a challenge used or expired",
  },
  "totp.already-enabled": { status: 409, description: "Two-factor sign-in is on already (turn it off first)" },
  "totp.not-enabled": { status: 409, description: "Two-factor sign-in is not on (or its setup was not started)" },
  "totp.incorrect-code": {
    status: 400,
    description: "Turning two-factor sign-in on or off, or new recovery codes: the `code` is wrong or used",
  },
  "totp.incorrect-password": { status: 400, description: "Turning two-factor sign-in off, or new recovery codes: the `password` is wrong" },
  "auth.password-sign-in-off": {
    status: 403,
    description: "The host turned password sign-in off: sign in through an identity provider (the host still may)",
  },
  "identity-provider.not-found": { status: 404, description: "No such identity provider" },
  "identity-provider.insecure-issuer": {
    status: 400,
    description: "An http:// issuer (or OAuth 2 URL) without --oidc-allow-private (only https ones otherwise)",
  },
  "identity.not-found": { status: 404, description: "No such linked identity of the caller's" },
  "identity.last-sign-in-method": {
    status: 409,
    description: "Unlinking would leave the account without a way to sign in (no password or passkey, no other identity)",
  },
  "passkey.no-external-url": {
    status: 409,
    description: "Passkeys need the instance's external URL (Settings › System): the host has not set one",
  },
  "passkey.not-found": { status: 404, description: "No passkey of the caller's has this id" },
  "passkey.invalid-registration": {
    status: 400,
    description: "Adding a passkey: the browser's answer is not valid, or its challenge is used, expired or another account's",
  },
  "passkey.already-registered": { status: 409, description: "Adding a passkey: this credential is registered already" },
  "passkey.last-sign-in-method": {
    status: 409,
    description: "Removing it would leave the account without a way to sign in (no password, other passkey or linked identity)",
  },
  "rate.limited": { status: 429, description: "Too many failed sign-ins; `seconds` to wait (as Retry-After)", params: ["seconds"] },

  "memo.not-found": { status: 404, description: "No such memo, or not one the caller may see" },
  "memo.protected": { status: 403, description: "A memo for signed-in users only" },
  "memo.private": { status: 403, description: "A private memo of someone else" },
  "memo.not-creator": { status: 403, description: "Only the memo's creator may change it" },
  "memo.changed": { status: 409, description: "The memo changed after the patch's `baseUpdatedTs`" },
  "memo.created-in-future": { status: 400, description: "A created time in the future" },
  "memo.content-too-long": { status: 400, description: "Memo content over its cap, in bytes", params: ["maximum"] },
  "memo.too-many-tags": { status: 400, description: "Memo content with more tags than allowed", params: ["maximum"] },
  "memo.list-needs-user": { status: 400, description: "A visitor's memo list without `creatorId`" },
  "revision.not-found": { status: 404, description: "No such version of the memo, or the memo is not the caller's" },
  "trash.not-found": { status: 404, description: "No such memo in the caller's trash" },
  "reaction.invalid-emoji": { status: 400, description: "A reaction that is not exactly one emoji" },
  "comment.not-found": { status: 404, description: "No such comment, or its memo is not one the caller may read" },
  "comment.closed": { status: 403, description: "The memo's author closed its comments" },
  "comment.disabled": { status: 403, description: "The host turned comments off for the instance" },
  "comment.not-allowed": { status: 403, description: "Only a comment's author edits it; its author or the memo's author deletes it" },
  "search.invalid-regex": { status: 400, description: "A `^regex` search the database cannot run" },
  "search.too-slow": { status: 400, description: "A search over its time budget" },
  "search.too-many-terms": { status: 400, description: "A `search` of more words and phrases than allowed", params: ["maximum"] },

  "resource.not-found": { status: 404, description: "No such resource, or not the caller's" },
  "resource.not-linked": { status: 404, description: "The resource is not linked to the memo" },
  "resource.not-owner": { status: 403, description: "Only the resource's owner may link it" },
  "resource.invalid-filename": { status: 400, description: "A file name the rename rule refuses" },
  "resource.file-missing": { status: 500, description: "The resource's file is missing from the server's storage" },
  "upload.too-large": { status: 413, description: "An upload over the size limit" },
  "upload.invalid": { status: 400, description: "The upload is not a multipart form with a file, or cannot be read" },

  "user.not-found": { status: 404, description: "No such user" },
  "user.username-taken": { status: 409, description: "The username is taken", params: ["username"] },
  "user.current-password-incorrect": { status: 400, description: "A password change whose `currentPassword` is wrong" },
  "user.cannot-create-host": { status: 403, description: "Nobody may create a second host" },
  "user.host-self": { status: 403, description: "The host may not delete or archive itself" },

  "tag.not-found": { status: 404, description: "The caller has no such tag", params: ["name"] },
  "tag.invalid-name": { status: 400, description: "A tag name that is empty or not a tag" },
  "shortcut.not-found": { status: 404, description: "No such shortcut, or not the caller's" },
  "share.not-found": { status: 404, description: "No such share link: unknown, revoked, expired, or its memo is in the trash" },
  "space.not-found": { status: 404, description: "No such space, or the caller is not a member of it" },
  "space.invitation-not-found": {
    status: 404,
    description: "No such invitation to a space: unknown, revoked or expired (one answer for all)",
  },
  "space.owner-stays": {
    status: 409,
    description: "The owner's membership of a space changes only by a transfer: the owner neither leaves nor is removed",
  },
  "space.user-not-found": { status: 404, description: "An invitation by username names no active account", params: ["username"] },
  "access-token.not-found": { status: 404, description: "No such access token, or not the caller's" },
  "inbox.not-found": { status: 404, description: "No such inbox item, or not the caller's (or its memo is hidden from them now)" },
  "oauth.unknown-client": { status: 400, description: "An authorization request from a client that is not registered here" },
  "oauth.redirect-not-registered": {
    status: 400,
    description: "An authorization request whose redirect URI the client did not register (missing, or not one of them)",
  },
  "oauth.mcp-disabled": { status: 403, description: "The host turned MCP off, and with it signing apps in" },
  "session.not-found": { status: 404, description: "No live session of the caller's has this id" },
  "webhook.not-found": { status: 404, description: "No such webhook, or not the caller's" },
  "webhook.delivery-not-found": { status: 404, description: "No such delivery of the webhook" },
  "webhook.address-refused": {
    status: 400,
    description: "A webhook URL to a private or loopback address (allowed by `--webhook-allow-private`)",
    params: ["host"],
  },
  "webhook.address-metadata": {
    status: 400,
    description: "A webhook URL to a cloud metadata address, refused whatever the flags",
    params: ["host"],
  },
  "webhook.url-not-http": { status: 400, description: "A webhook URL that is not an http:// or https:// URL" },
  "webhook.url-unparsable": { status: 400, description: "A webhook URL that cannot be read as a URL" },
  "webhook.disabled": { status: 403, description: "Webhooks are turned off on this instance" },
  "import.not-zip": { status: 400, description: "The upload is not a zip archive" },
  "import.encrypted": { status: 400, description: "An encrypted zip archive" },
  "import.too-many-files": { status: 400, description: "An archive with more files than an import takes", params: ["maximum"] },
  "import.too-large": { status: 400, description: "An archive whose files unpack to more MiB than an import takes", params: ["maximum"] },
  "import.invalid-archive": {
    status: 400,
    description: "A damaged or unsafe archive: a bad entry, a wrong checksum, a path leaving its folder, a zip bomb",
  },
  "import.instance-archive": { status: 400, description: "A whole-instance export, which imports account by account" },
  "import.no-notes": { status: 400, description: "An archive with nothing the importer knows" },

  "mcp.disabled": { status: 403, description: "The host turned the MCP server off for the instance" },
  "mcp.origin-refused": { status: 403, description: "An MCP request whose `Origin` is not this server's (DNS rebinding)" },
  "mcp.rate-limited": {
    status: 429,
    description: "Too many MCP requests with one access token; `seconds` to wait (as Retry-After)",
    params: ["seconds"],
  },

  "route.not-found": { status: 404, description: "No such path" },
  "storage.full": { status: 507, description: "The disk or the database server is full; nothing was saved" },
  "server.internal": { status: 500, description: "The server's own fault" },
} as const satisfies Record<string, ReasonEntry>;

export type ErrorReason = keyof typeof ERROR_REASONS;

/** Values a translation interpolates (a username, a limit). */
export type ErrorParams = Readonly<Record<string, string | number>>;

export const ERROR_REASON_NAMES = Object.keys(ERROR_REASONS) as ErrorReason[];

/** A reason's entry, its literal types widened (every entry has the same shape). */
export const reasonEntry = (reason: ErrorReason): ReasonEntry => ERROR_REASONS[reason];

export const isErrorReason = (value: unknown): value is ErrorReason => typeof value === "string" && Object.hasOwn(ERROR_REASONS, value);
