// System status, instance settings and database maintenance.
import { randomUUID } from "node:crypto";
import {
  type CustomizedProfile,
  instanceSetting,
  isInstanceSettingName,
  instanceSettingProblem,
  instanceStatusSettings,
  servedCustomizedProfile,
  type SystemSetting,
  type SystemSettingUpsert,
  type SystemStatus,
  V0_API_VERSION,
  SERVER_VERSION,
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

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** The first problem of a setting's upsert, with the field it is about: a value that is not JSON, the name, the value. */
function upsertProblem(name: string, raw: string): { field: "name" | "value"; problem: string } | null {
  const value = parseJson(raw);
  if (value === undefined) return { field: "value", problem: "value must be JSON text" };
  return instanceSettingProblem(name, value);
}

/** Whether a stored row is the server's own (serverId, secretSessionName): no route returns it. */
const isServerRow = (name: string): boolean => isInstanceSettingName(name) && instanceSetting(name).writer === "server";

/** The instance's name, logo and the rest, with defaults (the web app's manifest reads it; no secrets in it). */
export async function readCustomizedProfile(ctx: AppContext): Promise<CustomizedProfile> {
  return servedCustomizedProfile(await readSystemSetting(ctx.store.db, "customizedProfile"));
}

export async function getSystemStatus(ctx: AppContext, viewer: Viewer): Promise<SystemStatus> {
  const { db } = ctx.store;
  const [host, settings] = await Promise.all([findHost(db), readSystemSettings(db)]);
  return {
    host: host ? presentUser(host, PUBLIC_DISCLOSURE) : null,
    profile: { mode: ctx.config.mode, version: V0_API_VERSION, serverVersion: SERVER_VERSION },
    dbSize: canSeeDatabaseSize(viewer) ? await databaseSize(ctx.store) : 0,
    ...(canSeeBackupStatus(viewer) ? { backup: backupStatus(ctx) } : {}),
    ...instanceStatusSettings(settings),
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
  const entry = isInstanceSettingName(input.name) ? instanceSetting(input.name) : undefined;
  if (entry?.writer === "host") authorizeSystem(viewer, "write-page-code");
  if (entry?.sessionOnly) authorizeSessionChange(viewer, entry.sessionOnly);
  const found = upsertProblem(input.name, input.value);
  if (found) throw badRequest(`system setting invalidate: ${found.problem}`, { field: found.field });
  const row = await upsertSystemSetting(ctx.store.db, { name: input.name, value: input.value, description: input.description ?? "" });
  if (input.name === "requireTwoFactor")
    log?.info(
      { event: "two-factor.required", by: viewer!.id, value: input.value },
      `two-factor sign-in required: ${input.value} (by user ${viewer!.id})`,
    );
  if (input.name === "ssoSecondFactor")
    log?.info(
      { event: "two-factor.after-sso", by: viewer!.id, value: input.value },
      `second factor after single sign-on: ${input.value} (by user ${viewer!.id})`,
    );
  return presentSystemSetting(row);
}

export async function listSettings(ctx: AppContext, viewer: Viewer): Promise<SystemSetting[]> {
  authorizeSystem(viewer, "read-settings");
  const rows = await listSystemSettings(ctx.store.db);
  return rows.filter((row) => !isServerRow(row.name)).map(presentSystemSetting);
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
