// System status, instance settings and database maintenance.
import { randomUUID } from "node:crypto";
import {
  type CustomizedProfile,
  DEFAULT_CUSTOMIZED_PROFILE,
  customizedProfileSchema,
  DISABLE_COMMENTS_SETTING,
  DISABLE_PASSWORD_SIGN_IN_SETTING,
  DISABLE_PROJECT_INFO_SETTING,
  DISABLE_WEBHOOKS_SETTING,
  DISABLE_MCP_SETTING,
  isSafeLogoUrl,
  MEMO_HISTORY_SETTING,
  memoHistorySettingSchema,
  PAGE_CODE_SETTINGS,
  REQUIRE_TWO_FACTOR_SETTING,
  SSO_SECOND_FACTOR_SETTING,
  type SystemSetting,
  type SystemSettingUpsert,
  type SystemStatus,
  TRASH_RETENTION_SETTING,
  trashRetentionSchema,
  VERSION,
} from "@memos/common";
import { listOrphanAssetPaths } from "../store/sql/resource.store.js";
import { removeAssets } from "../store/files/resource-bytes.js";
import type { AppContext, AuditLog, Viewer } from "../context.js";
import { badRequest, type ErrorLog } from "../errors.js";
import { authorizeSessionChange } from "../policies/credential.policy.js";
import { authorizeSystem, canSeeBackupStatus, canSeeDatabaseSize } from "../policies/system.policy.js";
import { presentSystemSetting } from "../presenters/shortcut.presenter.js";
import { PUBLIC_DISCLOSURE } from "../policies/user.policy.js";
import { presentBackupStatus } from "../presenters/system.presenter.js";
import { presentUser } from "../presenters/user.presenter.js";
import type { Db } from "../store/db.js";
import { compactDatabase, databaseSize } from "../store/dialect.js";
import { listRollingBackups } from "../store/backup/sqlite-backup.js";
import { encodeSystemSetting, readSystemSetting, readSystemSettings } from "../store/sql/settings.js";
import { insertSystemSettingIfMissing, listSystemSettings, upsertSystemSetting } from "../store/sql/system-setting.store.js";
import { deleteOrphans, findHost } from "../store/sql/user.store.js";

/** Rows the server keeps for itself; no route ever returns or accepts them. */
const INTERNAL_SETTINGS = new Set(["serverId", "secretSessionName"]);

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** The settings a host-admin writes. */
const SETTABLE = [
  "allowSignUp",
  DISABLE_WEBHOOKS_SETTING,
  DISABLE_MCP_SETTING,
  DISABLE_COMMENTS_SETTING,
  DISABLE_PROJECT_INFO_SETTING,
  REQUIRE_TWO_FACTOR_SETTING,
  DISABLE_PASSWORD_SIGN_IN_SETTING,
  SSO_SECOND_FACTOR_SETTING,
  "additionalStyle",
  "additionalScript",
  "customizedProfile",
  MEMO_HISTORY_SETTING,
  TRASH_RETENTION_SETTING,
] as const;

/** Checks a setting value by name (one of SETTABLE); returns the reason it is refused, or null. */
function settingProblem(name: string, value: unknown): string | null {
  switch (name) {
    case "allowSignUp":
    case DISABLE_WEBHOOKS_SETTING:
    case DISABLE_MCP_SETTING:
    case DISABLE_COMMENTS_SETTING:
    case DISABLE_PROJECT_INFO_SETTING:
    case REQUIRE_TWO_FACTOR_SETTING:
    case DISABLE_PASSWORD_SIGN_IN_SETTING:
    case SSO_SECOND_FACTOR_SETTING:
      return typeof value === "boolean" ? null : `${name} must be a JSON boolean`;
    case "additionalStyle":
    case "additionalScript":
      return typeof value === "string" ? null : `${name} must be a JSON string`;
    case MEMO_HISTORY_SETTING:
    case TRASH_RETENTION_SETTING: {
      const schema = name === MEMO_HISTORY_SETTING ? memoHistorySettingSchema : trashRetentionSchema;
      const result = schema.safeParse(value);
      if (result.success) return null;
      const issue = result.error.issues[0];
      return `${[name, ...(issue?.path ?? [])].join(".")}: ${issue?.message}`;
    }
    case "customizedProfile": {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return "customizedProfile must be a JSON object";
      const result = customizedProfileSchema.safeParse(value);
      if (!result.success) return `customizedProfile.${result.error.issues[0]?.path.join(".")}: ${result.error.issues[0]?.message}`;
      if (!isSafeLogoUrl(result.data.logoUrl ?? "")) {
        return "customizedProfile.logoUrl: must be an http(s) URL, a path on this site or a data:image URL";
      }
      return null;
    }
    default:
      return null;
  }
}

/** Why no value of setting `name` is taken (an internal or unknown name), or null. */
function nameProblem(name: string): string | null {
  if (name === "serverId") return "update server id is not allowed";
  return (SETTABLE as readonly string[]).includes(name) ? null : "invalid system setting name";
}

/** The first problem of a setting's upsert, with the field it is about: a value that is not JSON, the name, the value. */
function upsertProblem(name: string, raw: string): { field: "name" | "value"; problem: string } | null {
  const value = parseJson(raw);
  if (value === undefined) return { field: "value", problem: "value must be JSON text" };
  const ofName = nameProblem(name);
  if (ofName) return { field: "name", problem: ofName };
  const ofValue = settingProblem(name, value);
  return ofValue ? { field: "value", problem: ofValue } : null;
}

/** Defaults for missing keys; a logo stored before the logo rule existed is dropped if it is unsafe. */
function safeProfile(stored: Partial<CustomizedProfile>): CustomizedProfile {
  const profile = { ...DEFAULT_CUSTOMIZED_PROFILE, ...stored };
  return isSafeLogoUrl(profile.logoUrl) ? profile : { ...profile, logoUrl: "" };
}

/** The instance's name, logo and the rest, with defaults (the web app's manifest reads it; no secrets in it). */
export async function readCustomizedProfile(ctx: AppContext): Promise<CustomizedProfile> {
  return safeProfile(await readSystemSetting(ctx.store.db, "customizedProfile"));
}

export async function getSystemStatus(ctx: AppContext, viewer: Viewer): Promise<SystemStatus> {
  const { db } = ctx.store;
  const [host, settings] = await Promise.all([findHost(db), readSystemSettings(db)]);
  return {
    host: host ? presentUser(host, PUBLIC_DISCLOSURE) : null,
    profile: { mode: ctx.config.mode, version: VERSION },
    dbSize: canSeeDatabaseSize(viewer) ? await databaseSize(ctx.store) : 0,
    ...(canSeeBackupStatus(viewer) ? { backup: backupStatus(ctx) } : {}),
    allowSignUp: settings.allowSignUp,
    disableWebhooks: settings[DISABLE_WEBHOOKS_SETTING],
    disableMcp: settings[DISABLE_MCP_SETTING],
    disableComments: settings[DISABLE_COMMENTS_SETTING],
    memoHistory: settings[MEMO_HISTORY_SETTING],
    trashRetentionDays: settings[TRASH_RETENTION_SETTING],
    additionalStyle: settings.additionalStyle,
    additionalScript: settings.additionalScript,
    customizedProfile: safeProfile(settings.customizedProfile),
  };
}

function backupStatus(ctx: AppContext) {
  const file = ctx.store.sqliteFile;
  return presentBackupStatus(
    ctx.store.engine,
    ctx.backups ?? null,
    ctx.config.backupKeep,
    file ? listRollingBackups(file).at(-1) : undefined,
    ctx.config.storage,
  );
}

/** Whether `viewer` may write system settings at all (401/403); the route asks it before the body is validated, as v0 did. */
export async function authorizeSettingWrite(viewer: Viewer): Promise<void> {
  authorizeSystem(viewer, "write-settings");
}

/** `input` is valid already (the route's schema, systemSettingUpsertSchema). `log`: a change of who must pass a second factor is recorded there. */
export async function upsertSetting(ctx: AppContext, viewer: Viewer, input: SystemSettingUpsert, log?: AuditLog): Promise<SystemSetting> {
  authorizeSystem(viewer, "write-settings");
  if ((PAGE_CODE_SETTINGS as readonly string[]).includes(input.name)) authorizeSystem(viewer, "write-page-code");
  if (input.name === DISABLE_PASSWORD_SIGN_IN_SETTING || input.name === SSO_SECOND_FACTOR_SETTING)
    authorizeSessionChange(viewer, "change how members sign in");
  const found = upsertProblem(input.name, input.value);
  if (found) throw badRequest(`system setting invalidate: ${found.problem}`, { field: found.field });
  const row = await upsertSystemSetting(ctx.store.db, { name: input.name, value: input.value, description: input.description ?? "" });
  if (input.name === REQUIRE_TWO_FACTOR_SETTING)
    log?.info(
      { event: "two-factor.required", by: viewer!.id, value: input.value },
      `two-factor sign-in required: ${input.value} (by user ${viewer!.id})`,
    );
  if (input.name === SSO_SECOND_FACTOR_SETTING)
    log?.info(
      { event: "two-factor.after-sso", by: viewer!.id, value: input.value },
      `second factor after single sign-on: ${input.value} (by user ${viewer!.id})`,
    );
  return presentSystemSetting(row);
}

export async function listSettings(ctx: AppContext, viewer: Viewer): Promise<SystemSetting[]> {
  authorizeSystem(viewer, "read-settings");
  const rows = await listSystemSettings(ctx.store.db);
  return rows.filter((row) => !INTERNAL_SETTINGS.has(row.name)).map(presentSystemSetting);
}

/** Removes rows whose owner is gone (the v0 orphan cleanup), then compacts the database. */
export async function vacuum(ctx: AppContext, viewer: Viewer, log: ErrorLog): Promise<void> {
  authorizeSystem(viewer, "vacuum");
  const { db } = ctx.store;
  const files = await db.transaction().execute(async (tx) => {
    const paths = await listOrphanAssetPaths(tx);
    await deleteOrphans(tx);
    return paths;
  });
  await removeAssets(ctx.config.data, files, (message) => log.error(message));
  await compactDatabase(db);
}

/** Every instance has a stable server id, created on first start. */
export async function ensureServerId(db: Db): Promise<void> {
  await insertSystemSettingIfMissing(db, { name: "serverId", value: encodeSystemSetting("serverId", randomUUID()), description: "" });
}
