// The caps of what a request may hold, as plain numbers: the server's schemas (schemas/<area>.ts) refuse past them
// and the web's inputs stop at them (`maxLength`), so a field's cap is one number (scripts/input-limits.test.ts fails
// on a number typed into the web). No zod here, so the web's first screen reads a cap without the schemas.
import { MAX_TAG_LENGTH } from "../domain/tags.js";

/** Ids are PostgreSQL INTEGERs (SERIAL) on both engines: 1 … 2^31 − 1. */
export const MAX_ID = 2_147_483_647;

/** The caps, in characters (UTF-16 code units), except memo content (UTF-8 bytes, MAX_MEMO_CONTENT_BYTES). */
export const INPUT_LIMITS = {
  username: 256,
  password: 1024,
  nickname: 256,
  email: 1024,
  userSettingValue: 1024,
  /** An avatar image's bytes (a profile picture; a client scales a photo down before sending it). */
  avatarBytes: 256 * 1024,
  /** An avatar's data: URL: its bytes in base64, with room for the `data:image/…;base64,` prefix. */
  avatarUrl: Math.ceil((256 * 1024) / 3) * 4 + 64,
  /** A tag, given on its own or found in memo content (`#tag`). */
  tag: MAX_TAG_LENGTH,
  shortcutTitle: 256,
  shortcutPayload: 64 * 1024,
  filename: 512,
  externalLink: 4096,
  resourceType: 256,
  settingName: 256,
  settingValue: 1024 * 1024,
  settingDescription: 1024,
  /**
   * `text` of the memo list (a search or a `^regex`). Checking a memo for a text costs up to its length times the
   * text's on both engines (LIKE and ILIKE try the text at each position), so the cap bounds what one long text
   * can cost against a memo of 1 MiB; no sane search is longer.
   */
  searchText: 256,
  /** Other query values: ids, enums, numbers. */
  queryValue: 256,
  /** A memo's place's name. */
  locationPlaceholder: 256,
  tokenName: 128,
  /** A space's name (issue 47). */
  spaceName: 128,
  webhookName: 128,
  webhookUrl: 2048,
  webhookSecret: 256,
  /** A single sign-on provider's fields (`/api/identity-provider`). */
  ssoName: 64,
  ssoIssuer: 2048,
  ssoClientId: 512,
  ssoClientSecret: 2048,
  ssoScopes: 512,
  ssoUsernameClaim: 128,
} as const;

/** The most memos `GET /api/reaction` answers for at once (a page of a list). */
export const MAX_REACTION_MEMOS = 100;
