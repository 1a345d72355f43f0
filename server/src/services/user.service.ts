// Users and their settings.
import { randomUUID } from "node:crypto";
import {
  type AccountAction,
  accountProblem,
  avatarPath,
  readAvatarDataUrl,
  type User,
  type UserSetting,
  USER_SETTING_KEYS,
  type UserCreate,
  type UserPatch,
  type UserSettingUpsert,
  usernameKey,
} from "@memos/common";
import { hashPassword, verifyPassword } from "../auth/password.js";
import { assertNotThrottled, recordFailedSignIn } from "../auth/rate-limit.js";
import { listAssetPathsOfCreator } from "../store/sql/resource.store.js";
import { removeAssets } from "../store/files/resource-bytes.js";
import type { AppContext, Viewer } from "../context.js";
import { badRequest, conflict, type ErrorLog, notFound } from "../errors.js";
import {
  accountDisclosure,
  authorizeIdentityChange,
  authorizeUser,
  authorizeUserCreate,
  authorizeUserDirectory,
  PUBLIC_DISCLOSURE,
} from "../policies/user.policy.js";
import { presentUser, presentUserSetting } from "../presenters/user.presenter.js";
import type { Db } from "../store/db.js";
import type { UserRow } from "../store/schema.js";
import { nowSeconds } from "../store/time.js";
import { deleteUserAvatar, findUserAvatar, saveUserAvatar, type UserAvatar } from "../store/sql/user-avatar.store.js";
import { refreshDisplayTimes } from "../store/sql/memo/memo.store.js";
import { revokeUserAccessTokens } from "../store/sql/access-token.store.js";
import { deleteUserSessions } from "../store/sql/session.store.js";
import { encodeUserSetting, parseUserSetting, readUserSetting, type UserSettings } from "../store/sql/settings.js";
import { listUserSettings, type UserSettingRow, upsertUserSetting } from "../store/sql/user-setting.store.js";
import {
  createUser as insertUser,
  deleteUserCascade,
  findUserById,
  findUserByUsername,
  findUserByUsernameKey,
  findUsersByUsernames,
  listUsers as selectUsers,
  type UserUpdate,
  updateUser,
} from "../store/sql/user.store.js";
import { requireSignedIn } from "../policies/utils.js";
import { publishLive } from "./live-feed.js";

/** `id` is within the id range already (the route's pathId refuses anything past 2^31 − 1 on both engines). */
async function requireUser(db: Db, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw notFound(`User ID not found: ${id}`, { reason: "user.not-found" });
  return user;
}

/**
 * The account `id`, when `viewer` may do `action` to it; 401, 403 or 404 otherwise. PATCH asks it before the body
 * is validated too (v0 answered these before a 400).
 */
export async function authorizedUser(ctx: AppContext, viewer: Viewer, id: number, action: AccountAction): Promise<UserRow> {
  const target = await requireUser(ctx.store.db, id);
  authorizeUser(viewer, action, target);
  return target;
}

/** Names are compared ignoring case and width: `Alice` is taken once `alice` exists. */
export async function assertUsernameFree(db: Db, username: string, exceptId?: number): Promise<void> {
  const existing = await findUserByUsernameKey(db, username);
  if (existing && existing.id !== exceptId)
    throw conflict(`Username already exists: ${username}`, { reason: "user.username-taken", field: "username", params: { username } });
}

/** An answer about one account, as the viewer may see it (the disclosure rule lives in the user policy). */
function presentAccount(viewer: Viewer, row: UserRow, settings?: UserSettingRow[]): User {
  return presentUser(row, accountDisclosure(viewer, row), settings);
}

/** `input` is valid already (the route's schema, userCreateSchema). */
export async function createMember(ctx: AppContext, viewer: Viewer, input: UserCreate): Promise<User> {
  const role = input.role ?? "USER";
  authorizeUserCreate(viewer, role);
  const found = accountProblem({ username: input.username, password: input.password, nickname: input.nickname, email: input.email });
  if (found) throw badRequest(`Invalid user create format: ${found.problem}`, { field: found.field });
  const passwordHash = await hashPassword(input.password);
  const user = await ctx.store.db.transaction().execute(async (tx) => {
    await assertUsernameFree(tx, input.username);
    return insertUser(tx, {
      username: input.username,
      role,
      email: input.email ?? "",
      nickname: input.nickname || input.username,
      password_hash: passwordHash,
      open_id: randomUUID(),
    });
  });
  return presentAccount(viewer, user);
}

export async function listUsers(ctx: AppContext): Promise<User[]> {
  const rows = await selectUsers(ctx.store.db);
  return rows.map((row) => presentUser(row, PUBLIC_DISCLOSURE));
}

export async function getUser(ctx: AppContext, id: number): Promise<User> {
  return presentUser(await requireUser(ctx.store.db, id), PUBLIC_DISCLOSURE);
}

/** The account a mention names: as sign-in finds it, the exact name first (a v0.10 database may hold names that differ by case). */
export async function getUserByName(ctx: AppContext, username: string): Promise<User> {
  const { db } = ctx.store;
  const user = (await findUserByUsername(db, username)) ?? (await findUserByUsernameKey(db, username));
  if (!user) throw notFound(`User not found with username ${username}`, { reason: "user.not-found" });
  return presentUser(user, PUBLIC_DISCLOSURE);
}

/** Every account as an administrator sees it (v1's ListUsers), newest first; administrators only. */
export async function listAccounts(ctx: AppContext, viewer: Viewer): Promise<User[]> {
  authorizeUserDirectory(viewer);
  const rows = await selectUsers(ctx.store.db);
  return rows.map((row) => presentAccount(viewer, row));
}

/** The live accounts of these names as `viewer` may see them (v1's BatchGetUsers), in the order asked; others skipped. */
export async function getAccountsByNames(ctx: AppContext, viewer: Viewer, usernames: readonly string[]): Promise<User[]> {
  const rows = (await findUsersByUsernames(ctx.store.db, usernames)).filter((row) => row.row_status === "NORMAL");
  const byKey = new Map(rows.map((row) => [row.username_key ?? usernameKey(row.username), row]));
  return [...new Set(usernames)].flatMap((username) => {
    const row = byKey.get(usernameKey(username));
    return row ? [presentAccount(viewer, row)] : [];
  });
}

/** The id of the account a name refers to (as sign-in finds it); 404 for none. */
export async function accountIdByName(ctx: AppContext, username: string): Promise<number> {
  const { db } = ctx.store;
  const user = (await findUserByUsername(db, username)) ?? (await findUserByUsernameKey(db, username));
  if (!user) throw notFound(`User not found with username ${username}`, { reason: "user.not-found" });
  return user.id;
}

/** An account by name as `viewer` may see it (its email to itself and to the administrators who manage it): v1's GetUser. */
export async function getAccountByName(ctx: AppContext, viewer: Viewer, username: string): Promise<User> {
  const { db } = ctx.store;
  const user = (await findUserByUsername(db, username)) ?? (await findUserByUsernameKey(db, username));
  if (!user) throw notFound(`User not found with username ${username}`, { reason: "user.not-found" });
  return presentUser(user, accountDisclosure(viewer, user));
}

export async function getMe(ctx: AppContext, viewer: Viewer): Promise<User> {
  requireSignedIn(viewer);
  const { db } = ctx.store;
  const [user, settings] = await Promise.all([requireUser(db, viewer.id), listUserSettings(db, viewer.id)]);
  return presentAccount(viewer, user, settings);
}

/**
 * What `avatarUrl` asks of the avatar: nothing (absent, or the address it is served at, as a client sends back the
 * user it read), clearing it (""), or new bytes; a 400 naming the field for anything but a taken image.
 */
function avatarChangeOf(avatarUrl: string | undefined, username: string): { mimeType: string; bytes: Buffer } | null | undefined {
  if (avatarUrl === undefined || avatarUrl === avatarPath(username)) return undefined;
  if (avatarUrl === "") return null;
  const read = readAvatarDataUrl(avatarUrl);
  if (!read.ok) throw badRequest(`Invalid user patch format: avatarUrl: ${read.problem}`, { field: "avatarUrl" });
  return { mimeType: read.mimeType, bytes: Buffer.from(read.bytes) };
}

function validatePatch(input: { username?: string; email?: string; nickname?: string; password?: string }): void {
  const found = accountProblem(input);
  if (found) throw badRequest(`Invalid user patch format: ${found.problem}`, { field: found.field });
}

/**
 * `currentPassword`, when sent, must be the caller's own password (for a user changing theirs, the one being
 * replaced): a wrong one is a 400 naming the field, counted and throttled like a failed sign-in.
 */
async function checkCurrentPassword(ctx: AppContext, viewer: NonNullable<Viewer>, currentPassword: string, address: string): Promise<void> {
  const { db } = ctx.store;
  await assertNotThrottled(db, viewer.username, address);
  const caller = await requireUser(db, viewer.id);
  if (await verifyPassword(currentPassword, caller.password_hash)) return;
  await recordFailedSignIn(db, viewer.username, address);
  throw badRequest("Invalid user patch format: currentPassword: the current password is incorrect", {
    reason: "user.current-password-incorrect",
    field: "currentPassword",
  });
}

/** `input` is valid already (the route's schema, userPatchSchema). `address`: the client's, for throttling. */
export async function patchUser(ctx: AppContext, viewer: Viewer, id: number, input: UserPatch, address: string): Promise<User> {
  const { db } = ctx.store;
  const target = await authorizedUser(ctx, viewer, id, "update");
  if (input.rowStatus !== undefined && input.rowStatus !== target.row_status) authorizeUser(viewer, "archive", target);
  authorizeIdentityChange(viewer, {
    username: input.username !== undefined && input.username !== target.username,
    password: input.password !== undefined,
    openId: input.resetOpenId === true,
  });
  // The username rule binds a new name only: an account named before it keeps its name through other changes.
  validatePatch({ ...input, username: input.username === target.username ? undefined : input.username });
  const avatar = avatarChangeOf(input.avatarUrl, target.username);
  if (input.currentPassword !== undefined) await checkCurrentPassword(ctx, viewer!, input.currentPassword, address);
  const update: UserUpdate = {};
  if (avatar !== undefined) update.avatar_ts = avatar === null ? null : nowSeconds();
  if (input.username !== undefined && input.username !== target.username) update.username = input.username;
  if (input.email !== undefined) update.email = input.email;
  if (input.nickname !== undefined) update.nickname = input.nickname;
  if (input.rowStatus !== undefined) update.row_status = input.rowStatus;
  if (input.password !== undefined) update.password_hash = await hashPassword(input.password);
  const archiving = update.row_status === "ARCHIVED" && target.row_status !== "ARCHIVED";
  // The open ID is a credential like a session: a new password or archiving ends it, as does asking for it.
  if (input.resetOpenId || update.password_hash !== undefined || archiving) update.open_id = randomUUID();
  const user = await db.transaction().execute(async (tx) => {
    if (update.username !== undefined) await assertUsernameFree(tx, update.username, id);
    const updated = await updateUser(tx, id, update);
    if (avatar === null) await deleteUserAvatar(tx, id);
    else if (avatar !== undefined) await saveUserAvatar(tx, id, { ...avatar, updatedTs: update.avatar_ts! });
    if (update.row_status === "ARCHIVED") await deleteUserSessions(tx, id);
    // A new password signs the user out everywhere else; the session that changed it stays.
    if (update.password_hash !== undefined) {
      await deleteUserSessions(tx, id, viewer?.id === id ? (viewer.sessionId ?? undefined) : undefined);
    }
    // Personal access tokens are credentials like sessions: a new password or archiving revokes them all.
    if (archiving || update.password_hash !== undefined) await revokeUserAccessTokens(tx, id);
    return updated;
  });
  const settings = await listUserSettings(db, id);
  return presentAccount(viewer, user, settings);
}

/** Deletes the account and everything of it; the files of its resources go once the transaction has committed. */
export async function deleteUser(ctx: AppContext, viewer: Viewer, id: number, log: ErrorLog): Promise<void> {
  await authorizedUser(ctx, viewer, id, "delete");
  const files = await ctx.store.db.transaction().execute(async (tx) => {
    const paths = await listAssetPathsOfCreator(tx, id);
    await deleteUserCascade(tx, id);
    return paths;
  });
  await removeAssets(ctx.config.data, files, (message) => log.error(message));
}

/** The caller's own preferences, each its stored value or its default (v1's user settings). */
export async function getOwnSettings(ctx: AppContext, viewer: Viewer): Promise<UserSettings> {
  requireSignedIn(viewer);
  const { db } = ctx.store;
  const [locale, appearance, memoVisibility, memoDisplayTsOption, memoListOrder] = await Promise.all([
    readUserSetting(db, viewer.id, "locale"),
    readUserSetting(db, viewer.id, "appearance"),
    readUserSetting(db, viewer.id, "memoVisibility"),
    readUserSetting(db, viewer.id, "memoDisplayTsOption"),
    readUserSetting(db, viewer.id, "memoListOrder"),
  ]);
  return { locale, appearance, memoVisibility, memoDisplayTsOption, memoListOrder };
}

/**
 * The wire answers a setting key it does not know with its "Invalid user setting format" message, before the rest
 * of the body is judged: the route asks this before Fastify validates the body (userSettingUpsertSchema).
 */
export function assertKnownSettingKey(body: unknown): void {
  const key = (body as { key?: unknown } | null | undefined)?.key;
  if (typeof key === "string" && !(USER_SETTING_KEYS as string[]).includes(key)) {
    throw badRequest(`Invalid user setting format: invalid user setting key ${key}`, { field: "key" });
  }
}

/** `input` is valid already (the route's schema, userSettingUpsertSchema). */
export async function upsertSetting(ctx: AppContext, viewer: Viewer, input: UserSettingUpsert): Promise<UserSetting> {
  requireSignedIn(viewer);
  const parsed = parseUserSetting(input.key, input.value);
  if ("refused" in parsed) {
    throw badRequest(
      parsed.refused === "not-json"
        ? `Invalid user setting format: value of ${input.key} must be JSON text`
        : `Invalid user setting format: invalid ${input.key} value ${input.value}`,
      { field: "value" },
    );
  }
  const { value } = parsed;
  const row = await ctx.store.db.transaction().execute(async (tx) => {
    const saved = await upsertUserSetting(tx, { user_id: viewer.id, key: input.key, value: encodeUserSetting(input.key, value) });
    if (input.key === "memoDisplayTsOption") await refreshDisplayTimes(tx, viewer.id, value as "created_ts" | "updated_ts");
    return saved;
  });
  publishLive(ctx, [{ type: "user.settings.updated", userId: viewer.id, key: input.key }]);
  return presentUserSetting(row);
}

/** An account's avatar by its username, for its file route; 404 for an unknown account or one without an avatar. */
export async function getUserAvatar(ctx: AppContext, username: string): Promise<UserAvatar> {
  const { db } = ctx.store;
  const user = (await findUserByUsername(db, username)) ?? (await findUserByUsernameKey(db, username));
  if (!user) throw notFound(`User not found with username ${username}`, { reason: "user.not-found" });
  const avatar = user.avatar_ts === null ? undefined : await findUserAvatar(db, user.id);
  if (!avatar) throw notFound(`User ${username} has no avatar`, { reason: "user.not-found" });
  return avatar;
}
