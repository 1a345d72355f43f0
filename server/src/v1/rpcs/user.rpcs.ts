// UserService: accounts by name, what they wrote (stats), the caller's preferences and personal access tokens.
// Everything goes through our services and their policies: an account changes by our rules (its credentials and
// identity from a signed-in session only), and tokens are managed from a session only, their secret shown once.
import {
  type AccessTokenCreate,
  accessTokenCreateSchema,
  accountProblem,
  type Appearance,
  type Locale,
  LOCALES,
  type UserPatch,
  userPatchSchema,
  type UserSettingKey,
  VISIBILITIES,
  type Visibility as V0Visibility,
} from "@memos/common";
import { Code, ConnectError } from "@connectrpc/connect";
import type { AppContext, Viewer } from "../../context.js";
import { authorizeTokenManagement } from "../../policies/access-token.policy.js";
import { createAccessToken, listAccessTokens, revokeAccessToken } from "../../services/access-token.service.js";
import { allUserStats, userStats } from "../../services/user-stats.service.js";
import {
  accountIdByName,
  getAccountByName,
  getAccountsByNames,
  getOwnSettings,
  listAccounts,
  patchUser,
  upsertSetting,
} from "../../services/user.service.js";
import { findUsersByIds } from "../../store/sql/user.store.js";
import { nowSeconds } from "../../store/time.js";
import { State } from "../gen/memos/api/v1/common_pb.js";
import {
  type User,
  User_Role,
  UserService,
  type UserSetting_GeneralSetting,
  UserSetting_Key,
} from "../gen/memos/api/v1/user_service_pb.js";
import { personalAccessTokenOf, userSettingOf, usernameOf } from "../names.js";
import { checked, withV1Fields } from "../checked.js";
import { compileMemoFilter } from "../filter/memo-cel.js";
import { pageSizeOf, positionOf, positionToken } from "../page-token.js";
import { presentPersonalAccessToken } from "../presenters/access-token.presenter.js";
import { presentGeneralSetting, THEMES } from "../presenters/user-setting.presenter.js";
import { presentUserStats } from "../presenters/user-stats.presenter.js";
import { presentUser } from "../presenters/user.presenter.js";
import { v1Service } from "../rpc.js";
import { invalidArgument } from "../transport/errors.js";
import { linkedIdentityRpcs } from "./linked-identity.rpcs.js";
import { userAccountRpcs } from "./user-account.rpcs.js";
import { userWebhookRpcs } from "./user-webhook.rpcs.js";
import { userNotificationRpcs } from "./user-notification.rpcs.js";

const permissionDenied = () => new ConnectError("permission denied", Code.PermissionDenied);

/**
 * The caller's own account by a name (`parent` of their settings and tokens): another account's is PermissionDenied,
 * as memos answers, whatever the caller's role; an unknown one NotFound.
 */
async function ownAccountId(ctx: AppContext, viewer: Viewer, username: string): Promise<number> {
  const id = await accountIdByName(ctx, username);
  if (viewer === null || viewer.id !== id) throw permissionDenied();
  return id;
}

/** `username == "name"` (quotes single or double), the one filter ListUsers takes. */
function usernameFilterOf(filter: string): string | undefined {
  if (filter.trim() === "") return undefined;
  const match = /^\s*username\s*==\s*(?:"([^"]*)"|'([^']*)')\s*$/.exec(filter);
  if (!match) throw invalidArgument("filter", `only username == "name" is supported, not ${JSON.stringify(filter)}`);
  return match[1] ?? match[2];
}

/** What UpdateUser may change, by mask path: our patch's field. */
const USER_CHANGEABLE: Readonly<Record<string, keyof UserPatch>> = {
  username: "username",
  display_name: "nickname",
  email: "email",
  password: "password",
  state: "rowStatus",
  avatar_url: "avatarUrl",
};
/** Our patch's fields as v1 names them, for a refusal. */
const USER_FIELDS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(USER_CHANGEABLE).map(([path, field]) => [field, `user.${path}`]),
);
/** Paths a mask may name that the server sets itself (a client sends the whole user back): left as they are. */
const USER_SERVER_SET = new Set(["name", "create_time", "update_time"]);
/** Paths of what we do not keep: an empty value is no change, anything else Unimplemented. */
const USER_UNSTORED: ReadonlyArray<[string, (user: User) => boolean]> = [["description", (user) => user.description !== ""]];

function rowStatusOf(state: State): UserPatch["rowStatus"] {
  if (state === State.NORMAL) return "NORMAL";
  if (state === State.ARCHIVED) return "ARCHIVED";
  throw invalidArgument("user.state", `expected NORMAL or ARCHIVED, not ${state}`);
}

/** The patch a mask and a v1 user make, checked by our schemas and account rules (refusals named as v1 names them). */
function userPatchOf(user: User, paths: readonly string[], current: { username: string; role: User_Role }): UserPatch {
  const unknown = paths.find(
    (path) => !(path in USER_CHANGEABLE) && !USER_SERVER_SET.has(path) && path !== "role" && !USER_UNSTORED.some(([name]) => name === path),
  );
  if (unknown !== undefined) throw invalidArgument("update_mask", `${JSON.stringify(unknown)} cannot be updated`);
  for (const [path, holds] of USER_UNSTORED)
    if (paths.includes(path) && holds(user)) throw new ConnectError(`${path} is not stored here`, Code.Unimplemented);
  if (paths.includes("role") && user.role !== current.role)
    throw new ConnectError("roles change in the web app's member settings, not through v1", Code.Unimplemented);
  const named = (path: string) => paths.includes(path);
  const patch = checked(
    userPatchSchema,
    {
      username: named("username") ? user.username : undefined,
      nickname: named("display_name") ? user.displayName : undefined,
      email: named("email") ? user.email : undefined,
      password: named("password") ? user.password : undefined,
      rowStatus: named("state") ? rowStatusOf(user.state) : undefined,
      avatarUrl: named("avatar_url") ? user.avatarUrl : undefined,
    },
    USER_FIELDS,
    "user",
  );
  // The username rule binds a new name only (patchUser's own check, said here in v1's words).
  const found = accountProblem({ ...patch, username: patch.username === current.username ? undefined : patch.username });
  if (found) throw invalidArgument(USER_FIELDS[found.field] ?? "user", found.problem);
  return patch;
}

/** A language we translate to, from memos' locale tags (`zh-Hans` is `zh`). */
function localeOf(tag: string): Locale {
  const language = tag.toLowerCase().split(/[-_]/)[0] ?? "";
  const locale = LOCALES.find((known) => known === language);
  if (!locale) throw invalidArgument("setting.general_setting.locale", `${JSON.stringify(tag)} is none of ${LOCALES.join(", ")}`);
  return locale;
}

function appearanceOf(theme: string): Appearance {
  const found = (Object.entries(THEMES) as Array<[Appearance, string]>).find(([, name]) => name === theme);
  if (!found)
    throw invalidArgument("setting.general_setting.theme", `${JSON.stringify(theme)} is none of ${Object.values(THEMES).join(", ")}`);
  return found[0];
}

function visibilityOf(value: string): V0Visibility {
  const visibility = VISIBILITIES.find((known) => known === value);
  if (!visibility)
    throw invalidArgument("setting.general_setting.memo_visibility", `${JSON.stringify(value)} is none of ${VISIBILITIES.join(", ")}`);
  return visibility;
}

/** The one group of preferences served; another known key is Unimplemented, an unknown one InvalidArgument. */
function assertGeneralKey(key: string, field: string): void {
  const known = UserSetting_Key[key as keyof typeof UserSetting_Key] as UserSetting_Key | undefined;
  if (known === undefined || known === UserSetting_Key.KEY_UNSPECIFIED)
    throw invalidArgument(field, `unknown user setting ${JSON.stringify(key)}`);
  if (known !== UserSetting_Key.GENERAL) throw new ConnectError(`user setting ${key} is not served yet`, Code.Unimplemented);
}

/**
 * Our settings a GENERAL update writes, by mask path: a field's name (`locale`, or `general_setting.locale` as a
 * gateway infers it from a body), `general_setting` for each field the body fills, `name` for nothing.
 */
function generalWrites(general: UserSetting_GeneralSetting, paths: readonly string[]): Array<[UserSettingKey, string]> {
  const fields = new Set<string>();
  for (const path of paths) {
    const field = path.replace(/^general_setting\./, "");
    if (field === "general_setting") {
      if (general.locale !== "") fields.add("locale");
      if (general.memoVisibility !== "") fields.add("memo_visibility");
      if (general.theme !== "") fields.add("theme");
    } else if (field === "locale" || field === "memo_visibility" || field === "theme") fields.add(field);
    else if (field !== "name") throw invalidArgument("update_mask", `${JSON.stringify(path)} cannot be updated`);
  }
  return [...fields].map((field): [UserSettingKey, string] => {
    if (field === "locale") return ["locale", localeOf(general.locale)];
    if (field === "memo_visibility") return ["memoVisibility", visibilityOf(general.memoVisibility)];
    return ["appearance", appearanceOf(general.theme)];
  });
}

/**
 * The visibilities a ListAllUserStats filter asks for (explore's `visibility in ["PUBLIC", "PROTECTED"]`), or none
 * for no filter. A filter of anything else is InvalidArgument: stats are counted by visibility only.
 */
async function statsVisibilitiesOf(filter: string): Promise<V0Visibility[] | undefined> {
  if (filter.trim() === "") return undefined;
  const node = await compileMemoFilter(filter, BigInt(Date.now()) * 1_000_000n);
  if (node.kind !== "atom" || node.atom.kind !== "visibility")
    throw invalidArgument("filter", 'only a visibility filter is served here, such as visibility in ["PUBLIC", "PROTECTED"]');
  return node.atom.visibilities;
}

const SECONDS_A_DAY = 86_400;

export const userRpcs = v1Service(UserService, {
  ...userAccountRpcs,
  ...linkedIdentityRpcs,
  listUsers: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const username = usernameFilterOf(input.filter);
      const size = pageSizeOf(input.pageSize);
      const offset = positionOf("offset", input.pageToken, 0);
      const all = (await listAccounts(ctx, viewer)).filter((user) => username === undefined || user.username === username);
      const page = all.slice(offset, offset + size);
      return { users: page.map(presentUser), nextPageToken: offset + size < all.length ? positionToken("offset", offset + size) : "" };
    },
  },
  batchGetUsers: {
    access: "public",
    handle: async (input, { ctx, viewer }) => {
      if (input.usernames.length > 1000) throw invalidArgument("usernames", "at most 1000 at once");
      return { users: (await getAccountsByNames(ctx, viewer, input.usernames)).map(presentUser) };
    },
  },
  getUser: {
    access: "public",
    handle: async (input, { ctx, viewer }) => presentUser(await getAccountByName(ctx, viewer, usernameOf(input.name))),
  },
  updateUser: {
    access: "signed-in",
    handle: async (input, { ctx, viewer, request }) => {
      const { user } = input;
      if (!user) throw invalidArgument("user", "a user is required");
      const current = await getAccountByName(ctx, viewer, usernameOf(user.name, "user.name"));
      const paths = input.updateMask?.paths ?? [];
      if (paths.length === 0) throw invalidArgument("update_mask", "update mask is required");
      const patch = userPatchOf(user, paths, { username: current.username, role: presentUser(current).role ?? User_Role.USER });
      return presentUser(await withV1Fields(USER_FIELDS, () => patchUser(ctx, viewer, current.id, patch, request.ip)));
    },
  },
  listAllUserStats: {
    access: "public",
    handle: async (input, { ctx, viewer }) => {
      const visibilities = await statsVisibilitiesOf(input.filter);
      if (![State.STATE_UNSPECIFIED, State.NORMAL, State.ARCHIVED].includes(input.state))
        throw invalidArgument("state", `expected NORMAL or ARCHIVED, not ${input.state}`);
      // The archive page's calendar: the caller's own archived memos.
      const stats = await allUserStats(ctx, viewer, input.state === State.ARCHIVED ? "ARCHIVED" : "NORMAL", visibilities);
      const users = await findUsersByIds(ctx.store.db, [...stats.keys()]);
      return {
        stats: [...users.values()].sort((a, b) => a.id - b.id).map((user) => presentUserStats(user.username, stats.get(user.id)!)),
      };
    },
  },
  getUserStats: {
    access: "public",
    handle: async (input, { ctx, viewer }) => {
      const user = await getAccountByName(ctx, viewer, usernameOf(input.name));
      return presentUserStats(user.username, await userStats(ctx, viewer, user.id));
    },
  },
  getUserSetting: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const { username, key } = userSettingOf(input.name);
      assertGeneralKey(key, "name");
      await ownAccountId(ctx, viewer, username);
      return presentGeneralSetting(username, await getOwnSettings(ctx, viewer));
    },
  },
  updateUserSetting: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const { setting } = input;
      if (!setting) throw invalidArgument("setting", "a setting is required");
      const { username, key } = userSettingOf(setting.name, "setting.name");
      assertGeneralKey(key, "setting.name");
      await ownAccountId(ctx, viewer, username);
      if (setting.value.case !== "generalSetting") throw invalidArgument("setting.general_setting", "the GENERAL setting needs it");
      const general = setting.value.value;
      const paths = input.updateMask?.paths ?? [];
      if (paths.length === 0) throw invalidArgument("update_mask", "update mask is required");
      const writes = generalWrites(general, paths);
      for (const [settingKey, value] of writes) await upsertSetting(ctx, viewer, { key: settingKey, value: JSON.stringify(value) });
      return presentGeneralSetting(username, await getOwnSettings(ctx, viewer));
    },
  },
  listUserSettings: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const username = usernameOf(input.parent, "parent");
      await ownAccountId(ctx, viewer, username);
      return { settings: [presentGeneralSetting(username, await getOwnSettings(ctx, viewer))], nextPageToken: "" };
    },
  },
  listPersonalAccessTokens: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const username = usernameOf(input.parent, "parent");
      const tokens = await listAccessTokens(ctx, viewer);
      await ownAccountId(ctx, viewer, username);
      return { personalAccessTokens: tokens.map((token) => presentPersonalAccessToken(username, token)), nextPageToken: "" };
    },
  },
  createPersonalAccessToken: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const username = usernameOf(input.parent, "parent");
      if (input.expiresInDays < 0) throw invalidArgument("expires_in_days", "must be 0 (never) or more");
      const create: AccessTokenCreate = checked(
        accessTokenCreateSchema,
        {
          name: input.description,
          // v1 has no scopes: its tokens do what their owner does.
          scope: "read-write",
          expiresTs: input.expiresInDays === 0 ? undefined : nowSeconds() + input.expiresInDays * SECONDS_A_DAY,
        },
        { name: "description", expiresTs: "expires_in_days" },
        "description",
      );
      // The session rule first (a token or the open ID may not mint tokens), then whose list it is.
      authorizeTokenManagement(viewer);
      await ownAccountId(ctx, viewer, username);
      const created = await createAccessToken(ctx, viewer, create);
      return { personalAccessToken: presentPersonalAccessToken(username, created), token: created.token };
    },
  },
  deletePersonalAccessToken: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const { username, id } = personalAccessTokenOf(input.name);
      authorizeTokenManagement(viewer);
      await ownAccountId(ctx, viewer, username);
      await revokeAccessToken(ctx, viewer, id);
      return {};
    },
  },
  ...userWebhookRpcs,
  ...userNotificationRpcs,
});
