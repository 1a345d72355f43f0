// The server and the instance (routes/system.ts): its mode and version, its status with the settings it carries
// (declared in instance-settings.ts), the rolling backups, and the system settings.
import { z } from "zod";
import { instanceStatusShape } from "../instance-settings.js";
import { INPUT_LIMITS } from "../input-limits.js";
import { optional, text } from "../schema-parts.js";
import { userEntitySchema } from "./user.js";

export const systemSettingUpsertSchema = z.object({
  name: text(INPUT_LIMITS.settingName),
  value: text(INPUT_LIMITS.settingValue),
  description: optional(text(INPUT_LIMITS.settingDescription)),
});

export type SystemSettingUpsertRequest = z.input<typeof systemSettingUpsertSchema>;
export type SystemSettingUpsert = z.infer<typeof systemSettingUpsertSchema>;

export const systemSettingEntitySchema = z
  .object({ Name: z.string(), Value: z.string(), Description: z.string() })
  .meta({ id: "SystemSetting" });
export type SystemSetting = z.infer<typeof systemSettingEntitySchema>;

export const profileEntitySchema = z
  .object({
    mode: z.enum(["prod", "dev", "demo"]),
    version: z.string().describe("The memos release whose v0 API this server speaks: v0 clients gate features on it"),
    serverVersion: z.string().describe("This server's own version (About shows it)"),
  })
  .meta({ id: "Profile" });
export type Profile = z.infer<typeof profileEntitySchema>;

export const backupStatusEntitySchema = z
  .object({
    everySeconds: z
      .int()
      .nullable()
      .describe("Seconds between rolling backups (--backup-every); null when they are off (always on PostgreSQL)"),
    keep: z.int().describe("How many are kept (--backup-keep)"),
    lastTs: z.int().nullable().describe("When the newest backup in the backups folder was taken (Unix seconds)"),
    lastSize: z.int().nullable().describe("Its size in bytes"),
    lastError: z.string().nullable().describe("Why the last scheduled backup failed, if it did"),
    engine: z.enum(["sqlite", "postgres"]),
    storage: z.enum(["db", "local"]).describe("Where new uploads are kept (--storage): database blobs, or files under <data>/assets"),
  })
  .meta({ id: "BackupStatus" });
/** The rolling backups of a SQLite instance; shown to the host alone. */
export type BackupStatus = z.infer<typeof backupStatusEntitySchema>;

export const projectInfoEntitySchema = z
  .object({
    enabled: z.boolean().describe("False when the host turned it off (Settings › System): the server then asks GitHub nothing"),
    stars: z.int().optional().describe("The usememos/memos repository's star count"),
    latestTag: z.string().optional().describe("The latest release's tag"),
    latestUrl: z.string().optional().describe("The latest release's page on github.com"),
  })
  .describe("The project's star count and latest release, read by the server from GitHub at most once a day");
export type ProjectInfo = z.infer<typeof projectInfoEntitySchema>;

export const systemStatusEntitySchema = z
  .object({
    host: userEntitySchema.nullable(),
    profile: profileEntitySchema,
    dbSize: z.int(),
    backup: backupStatusEntitySchema.optional().describe("The rolling backups; the host alone sees it"),
    /** The instance's settings it carries, declared in instance-settings.ts. */
    ...instanceStatusShape,
  })
  .meta({ id: "SystemStatus" });
export type SystemStatus = z.infer<typeof systemStatusEntitySchema>;
