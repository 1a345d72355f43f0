// v1 resource names (`users/{username}`, `memos/{uid}`, `users/{username}/settings/{KEY}`…): made and read strictly,
// a name that does not parse being InvalidArgument naming its field.
import { invalidArgument } from "./transport/errors.js";

/** A uid a client may choose: 1 to 36 letters, digits and hyphens, no hyphen at either end (memos' rule). */
const UID = /^[a-zA-Z0-9]([a-zA-Z0-9-]{0,34}[a-zA-Z0-9])?$/;

export const isValidUid = (uid: string): boolean => UID.test(uid);

/**
 * The id segments of `name` by its pattern (`users/*\/settings/*`: literal segments as they are, `*` one id), or
 * InvalidArgument naming `field`.
 */
function idsOf(name: string, pattern: string, field: string): string[] {
  const expected = pattern.split("/");
  const segments = name.split("/");
  const fits =
    segments.length === expected.length && expected.every((part, i) => (part === "*" ? segments[i] !== "" : part === segments[i]));
  if (!fits) throw invalidArgument(field, `expected ${pattern.replaceAll("*", "{id}")}, not ${JSON.stringify(name)}`);
  return segments.filter((_segment, i) => expected[i] === "*");
}

export const memoName = (uid: string) => `memos/${uid}`;
export const userName = (username: string) => `users/${username}`;
export const instanceSettingName = (key: string) => `instance/settings/${key}`;
export const userStatsName = (username: string) => `users/${username}/stats`;
export const userSettingName = (username: string, key: string) => `users/${username}/settings/${key}`;
export const personalAccessTokenName = (username: string, id: number) => `users/${username}/personalAccessTokens/${id}`;

export function memoUidOf(name: string, field = "name"): string {
  const [uid] = idsOf(name, "memos/*", field) as [string];
  if (!isValidUid(uid)) throw invalidArgument(field, `${JSON.stringify(uid)} is not a memo uid`);
  return uid;
}

export const usernameOf = (name: string, field = "name"): string => idsOf(name, "users/*", field)[0]!;

export const instanceSettingKeyOf = (name: string, field = "name"): string => idsOf(name, "instance/settings/*", field)[0]!;

export function userSettingOf(name: string, field = "name"): { username: string; key: string } {
  const [username, key] = idsOf(name, "users/*/settings/*", field) as [string, string];
  return { username, key };
}

/** A numeric id segment (tokens, reactions): a positive integer in the ids' range. */
function numericId(id: string, field: string): number {
  const value = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : Number.NaN;
  if (!(value <= 2_147_483_647)) throw invalidArgument(field, `${JSON.stringify(id)} is not an id`);
  return value;
}

export function personalAccessTokenOf(name: string, field = "name"): { username: string; id: number } {
  const [username, id] = idsOf(name, "users/*/personalAccessTokens/*", field) as [string, string];
  return { username, id: numericId(id, field) };
}

export const reactionName = (memoUid: string, id: number) => `memos/${memoUid}/reactions/${id}`;

/** `memos/{uid}/reactions/{id}`: the memo's (or comment's) name and the reaction's id. */
export function reactionOf(name: string, field = "name"): { memo: string; id: number } {
  const [uid, id] = idsOf(name, "memos/*/reactions/*", field) as [string, string];
  if (!isValidUid(uid)) throw invalidArgument(field, `${JSON.stringify(uid)} is not a memo uid`);
  return { memo: memoName(uid), id: numericId(id, field) };
}

/** The collection a saved filter is named under: memos 0.30's shortcuts, or the memo views of 0.31 and later. */
export type SavedFilterCollection = "shortcuts" | "views";

export const savedFilterName = (collection: SavedFilterCollection, username: string, id: number) => `users/${username}/${collection}/${id}`;

/** `users/{username}/shortcuts/{id}` or `users/{username}/views/{id}`, by the collection: the owner's name and the id. */
export function savedFilterOf(collection: SavedFilterCollection, name: string, field = "name"): { username: string; id: number } {
  const [username, id] = idsOf(name, `users/*/${collection}/*`, field) as [string, string];
  return { username, id: numericId(id, field) };
}

export const attachmentName = (uid: string) => `attachments/${uid}`;

export function attachmentUidOf(name: string, field = "name"): string {
  const [uid] = idsOf(name, "attachments/*", field) as [string];
  if (!isValidUid(uid)) throw invalidArgument(field, `${JSON.stringify(uid)} is not an attachment uid`);
  return uid;
}

export const identityProviderName = (id: number) => `identity-providers/${id}`;

export function identityProviderIdOf(name: string, field = "name"): number {
  const [id] = idsOf(name, "identity-providers/*", field) as [string];
  return numericId(id, field);
}

export const userWebhookName = (username: string, id: number) => `users/${username}/webhooks/${id}`;

export function userWebhookOf(name: string, field = "name"): { username: string; id: number } {
  const [username, id] = idsOf(name, "users/*/webhooks/*", field) as [string, string];
  return { username, id: numericId(id, field) };
}

export const memoShareName = (memoUid: string, idOrToken: number | string) => `memos/${memoUid}/shares/${idOrToken}`;

/** A share token as we make them: 32 random bytes in base64url. */
const SHARE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * `memos/{uid}/shares/{share}`: the memo's name, and the share's id (as a list names it) or its token (as its
 * creation named it).
 */
export function memoShareOf(name: string, field = "name"): { memo: string; share: { id: number } | { token: string } } {
  const [uid, share] = idsOf(name, "memos/*/shares/*", field) as [string, string];
  if (!isValidUid(uid)) throw invalidArgument(field, `${JSON.stringify(uid)} is not a memo uid`);
  return { memo: memoName(uid), share: SHARE_TOKEN.test(share) ? { token: share } : { id: numericId(share, field) } };
}
export const notificationName = (username: string, id: number) => `users/${username}/notifications/${id}`;

export function notificationOf(name: string, field = "name"): { username: string; id: number } {
  const [username, id] = idsOf(name, "users/*/notifications/*", field) as [string, string];
  return { username, id: numericId(id, field) };
}

export const linkedIdentityName = (username: string, providerId: number) => `users/${username}/linkedIdentities/${providerId}`;

/** `users/{username}/linkedIdentities/{provider id}`: a link is named by its provider, as memos names it. */
export function linkedIdentityOf(name: string, field = "name"): { username: string; providerId: number } {
  const [username, id] = idsOf(name, "users/*/linkedIdentities/*", field) as [string, string];
  return { username, providerId: numericId(id, field) };
}
