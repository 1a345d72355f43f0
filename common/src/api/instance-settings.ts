// The instance's settings (the system_setting rows): one entry each, and everything else derives from this table —
// the server's defaults and decoding (store/sql/settings.ts), its write check and the fields of GET /api/status
// (services/system.service.ts, schemas/system.ts), the web's setting names and the toggle rows of Settings › System, and
// the list in docs/api.md (pinned by scripts/api-doc-settings.test.ts). A new setting is one entry here.
import { z } from "zod";
import { DEFAULT_MEMO_HISTORY, DEFAULT_TRASH_RETENTION_DAYS, memoHistorySettingSchema, trashRetentionSchema } from "../domain/history.js";
import {
  customizedProfileEntitySchema,
  customizedProfileSchema,
  customizedProfileWriteSchema,
  servedCustomizedProfile,
} from "./customized-profile.js";

/**
 * Who writes a setting through `POST /api/system/setting`: the host and admins, the host alone (code that runs in
 * every visitor's page, the host's included), or nobody (the server's own rows, never returned or accepted).
 */
export type InstanceSettingWriter = "admin" | "host" | "server";

/** Where Settings › System edits a setting. */
export type InstanceSettingWebKind =
  /** A switch in the General group, drawn from this entry alone: its label, hint and the toast after a save. */
  | {
      kind: "toggle";
      label: string;
      hint: string;
      /** The switch is on when the setting is this value (`false` for the `disable…` settings). */
      onWhen: boolean;
      /** The toasts after turning it on and off. */
      saved: { on: string; off: string };
    }
  /** A row of the General group drawn by its own component (web: SystemSection's SETTING_ROWS), in this table's order. */
  | { kind: "row" }
  /** Its own editor elsewhere in the section (the profile dialog, the history group, the code editors, the sign-in card). */
  | { kind: "editor" }
  /** Not shown: the server's own, or a host's setting written through the API only (the map's tiles). */
  | { kind: "none" };

interface InstanceSettingEntry {
  /** What a stored value must be to be read; anything else (or nothing) reads as `default`. */
  schema: z.ZodType;
  default: unknown;
  writer: InstanceSettingWriter;
  /** A new value's check when it is stricter than what is read (a logo stored before its rule still reads). */
  accepts?: z.ZodType;
  /** Written from a signed-in session only, never with an access token: the change the 403 names. */
  sessionOnly?: string;
  /** Why a write of a server's own row is refused, when v0 said more than "invalid system setting name". */
  refusal?: string;
  /** Read from plain text too when the stored value is not JSON (by hand, or by another version). */
  readsPlainText?: true;
  /** The field of GET /api/status that carries it (under its own name): the field's wire shape, and the value served. */
  status?: { schema: z.ZodType; from?: (stored: never) => unknown };
  web: InstanceSettingWebKind;
}

const boolean = z.boolean();

/**
 * Where the map page (/map) draws its tiles from: a URL template with `{z}`, `{x}` and `{y}` (and `{s}` for a
 * server's subdomains), and the words of its attribution, shown as text. OpenStreetMap's own tiles by default; a
 * host without the internet points it at a tile server of their own (the page lists the places without tiles).
 */
const mapTilesSchema = z.object({
  url: z
    .string()
    .max(2048)
    .regex(/^https?:\/\/\S*\{z\}\S*\{x\}\S*\{y\}\S*$/, "must be an http(s) URL template with {z}, {x} and {y}"),
  attribution: z.string().max(1024),
});
export const DEFAULT_MAP_TILES = {
  url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  attribution: "© OpenStreetMap contributors",
};

export const INSTANCE_SETTINGS = {
  allowSignUp: {
    schema: boolean,
    default: false,
    writer: "admin",
    status: { schema: z.boolean() },
    web: {
      kind: "toggle",
      label: "setting.system.allow-signup",
      hint: "setting.system.allow-signup-hint",
      onWhen: true,
      saved: { on: "message.signup-enabled", off: "message.signup-disabled" },
    },
  },
  /** Every account must have two-factor sign-in; its changes are logged with who made them. */
  requireTwoFactor: { schema: boolean, default: false, writer: "admin", web: { kind: "row" } },
  /** Stops queuing and sending webhook deliveries for the whole instance. */
  disableWebhooks: {
    schema: boolean,
    default: false,
    writer: "admin",
    status: { schema: z.boolean().describe("The host turned webhooks off for the whole instance") },
    web: {
      kind: "toggle",
      label: "webhooks.instance-toggle",
      hint: "webhooks.instance-toggle-hint",
      onWhen: false,
      saved: { on: "webhooks.instance-enabled", off: "webhooks.instance-disabled" },
    },
  },
  /** Turns the MCP server (`/mcp`, AI assistants) off. */
  disableMcp: {
    schema: boolean,
    default: false,
    writer: "admin",
    status: { schema: z.boolean().describe("The host turned the MCP server (`/mcp`) off for the whole instance") },
    web: {
      kind: "toggle",
      label: "mcp.instance-toggle",
      hint: "mcp.instance-toggle-hint",
      onWhen: false,
      saved: { on: "mcp.instance-enabled", off: "mcp.instance-disabled" },
    },
  },
  /** Refuses new comments for the whole instance; those written stay readable. */
  disableComments: {
    schema: boolean,
    default: false,
    writer: "admin",
    status: { schema: z.boolean().describe("The host turned comments off for the whole instance (an addition)") },
    web: {
      kind: "toggle",
      label: "comment.instance-toggle",
      hint: "comment.instance-toggle-hint",
      onWhen: false,
      saved: { on: "message.update-succeed", off: "message.update-succeed" },
    },
  },
  /** Stops the server asking GitHub for the project's news (GET /api/system/project-info answers `{enabled: false}`). */
  disableProjectInfo: { schema: boolean, default: false, writer: "admin", web: { kind: "row" } },
  /** How long the versions of memos are kept; `enabled: false` keeps none. */
  memoHistory: {
    schema: memoHistorySettingSchema,
    default: DEFAULT_MEMO_HISTORY,
    writer: "admin",
    status: { schema: memoHistorySettingSchema.describe("How long the versions of memos are kept (an addition)") },
    web: { kind: "editor" },
  },
  /** The days a deleted memo stays in the trash before it is purged. */
  trashRetentionDays: {
    schema: trashRetentionSchema,
    default: DEFAULT_TRASH_RETENTION_DAYS,
    writer: "admin",
    status: { schema: z.int().describe("How many days a deleted memo stays in the trash (an addition)") },
    web: { kind: "editor" },
  },
  mapTiles: {
    schema: mapTilesSchema,
    default: DEFAULT_MAP_TILES,
    writer: "admin",
    status: { schema: mapTilesSchema.describe("Where the map page draws its tiles from, and their attribution (an addition)") },
    web: { kind: "none" },
  },
  additionalStyle: { schema: z.string(), default: "", writer: "host", status: { schema: z.string() }, web: { kind: "editor" } },
  additionalScript: { schema: z.string(), default: "", writer: "host", status: { schema: z.string() }, web: { kind: "editor" } },
  /** Partial: the fields left out read as their defaults (DEFAULT_CUSTOMIZED_PROFILE). */
  customizedProfile: {
    schema: customizedProfileSchema,
    default: {},
    writer: "admin",
    accepts: customizedProfileWriteSchema,
    status: { schema: customizedProfileEntitySchema, from: servedCustomizedProfile },
    web: { kind: "editor" },
  },
  /** Turns password sign-in off for everyone but the host. */
  disablePasswordSignIn: {
    schema: boolean,
    default: false,
    writer: "admin",
    sessionOnly: "change how members sign in",
    web: { kind: "editor" },
  },
  /**
   * An account with its own second factor (the app's codes or a passkey) is asked for it after a provider's sign-in
   * too. On unless the host turns it off: an account's own second factor is not skipped by signing in elsewhere.
   */
  ssoSecondFactor: {
    schema: boolean,
    default: true,
    writer: "admin",
    sessionOnly: "change how members sign in",
    web: { kind: "editor" },
  },
  /** The instance's stable id, created on first start. */
  serverId: {
    schema: z.string(),
    default: "",
    writer: "server",
    refusal: "update server id is not allowed",
    readsPlainText: true,
    web: { kind: "none" },
  },
  /**
   * The key sessions' short-lived bearer tokens are signed with (auth/session-bearer.ts): made at the first sign-in
   * that needs one (a v0 instance's session secret, when migrated, is kept and used). No route shows it.
   */
  secretSessionName: { schema: z.string(), default: "", writer: "server", web: { kind: "none" } },
} as const satisfies Record<string, InstanceSettingEntry>;

type Registry = typeof INSTANCE_SETTINGS;
export type InstanceSettingName = keyof Registry;

/** Every setting's value as read: its schema's type. */
export type InstanceSettings = { [K in InstanceSettingName]: z.output<Registry[K]["schema"]> };

/** The settings a route may write (not the server's own). */
export type WritableInstanceSettingName = {
  [K in InstanceSettingName]: Registry[K]["writer"] extends "server" ? never : K;
}[InstanceSettingName];

/** The settings only the host writes: code that runs in every visitor's page. */
export type PageCodeSettingName = { [K in InstanceSettingName]: Registry[K]["writer"] extends "host" ? K : never }[InstanceSettingName];

/** The settings GET /api/status carries. */
type StatusSettingName = { [K in InstanceSettingName]: Registry[K] extends { status: object } ? K : never }[InstanceSettingName];

/** The settings drawn as a switch in Settings › System from their entry alone. */
export type ToggleSettingName = {
  [K in InstanceSettingName]: Registry[K]["web"]["kind"] extends "toggle" ? K : never;
}[InstanceSettingName];

/** The settings drawn as a General row by their own component. */
export type RowSettingName = { [K in InstanceSettingName]: Registry[K]["web"]["kind"] extends "row" ? K : never }[InstanceSettingName];

const entries = Object.entries(INSTANCE_SETTINGS) as [InstanceSettingName, InstanceSettingEntry][];

export const INSTANCE_SETTING_NAMES = entries.map(([name]) => name);

export const isInstanceSettingName = (name: string): name is InstanceSettingName => Object.hasOwn(INSTANCE_SETTINGS, name);

/** The entry of setting `name`, loosely typed (the table's own types are per entry). */
export const instanceSetting = (name: InstanceSettingName): InstanceSettingEntry => INSTANCE_SETTINGS[name];

/** The setting fields of GET /api/status, in the table's order: the entity (schemas/system.ts) spreads them. */
export const instanceStatusShape = Object.fromEntries(
  entries.flatMap(([name, entry]) => (entry.status ? [[name, entry.status.schema]] : [])),
) as { [K in StatusSettingName]: Registry[K]["status"]["schema"] };

export type InstanceStatusSettings = { [K in StatusSettingName]: z.output<Registry[K]["status"]["schema"]> };

/** The status's setting fields from the settings as read (the profile served with its defaults and a safe logo). */
export function instanceStatusSettings(settings: InstanceSettings): InstanceStatusSettings {
  return Object.fromEntries(
    entries.flatMap(([name, entry]) => {
      if (!entry.status) return [];
      const value = settings[name];
      return [[name, entry.status.from ? (entry.status.from as (stored: unknown) => unknown)(value) : value]];
    }),
  ) as InstanceStatusSettings;
}

/** The name zod gives a JSON type, as a message says it. */
const JSON_TYPE_NAMES: Record<string, string> = { int: "integer" };

/**
 * Why a write of `value` (JSON, decoded) to setting `name` is refused, with the field of the request it is about,
 * or null. An unknown name and the server's own rows are refused by name; a value of the wrong JSON type reads
 * `<name> must be a JSON <type>`, any other `<name>.<path>: <what is wrong>`.
 * @example instanceSettingProblem("allowSignUp", "yes") // { field: "value", problem: "allowSignUp must be a JSON boolean" }
 */
export function instanceSettingProblem(name: string, value: unknown): { field: "name" | "value"; problem: string } | null {
  if (!isInstanceSettingName(name)) return { field: "name", problem: "invalid system setting name" };
  const entry = instanceSetting(name);
  if (entry.writer === "server") return { field: "name", problem: entry.refusal ?? "invalid system setting name" };
  const result = (entry.accepts ?? entry.schema).safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  if (issue.code === "invalid_type" && issue.path.length === 0)
    return { field: "value", problem: `${name} must be a JSON ${JSON_TYPE_NAMES[issue.expected] ?? issue.expected}` };
  return { field: "value", problem: `${[name, ...issue.path].join(".")}: ${issue.message}` };
}
