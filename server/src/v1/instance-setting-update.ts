// UpdateInstanceSetting of GENERAL: each field the mask names (none: every field) becomes a write of the setting of
// ours it is (v1/instance-settings.ts), through the same service and rules as v0's writes; a field with no
// setting of ours keeps its value, and asking for another is refused by its name.
import { instanceSetting, instanceSettingProblem, type InstanceSettingName } from "@memos/common";
import type { AppContext, Viewer } from "../context.js";
import { authorizeSessionChange } from "../policies/credential.policy.js";
import { authorizeSystem } from "../policies/system.policy.js";
import { upsertSetting } from "../services/system.service.js";
import { readSystemSettings } from "../store/sql/settings.js";
import { type InstanceSetting, InstanceSetting_GeneralSettingSchema } from "./gen/memos/api/v1/instance_service_pb.js";
import { GENERAL_FIELDS } from "./instance-settings.js";
import { invalidArgument } from "./transport/errors.js";

const FIELDS = InstanceSetting_GeneralSettingSchema.fields;
const PREFIX = "general_setting.";

/**
 * The TypeScript names of the fields a mask names: `x` or `general_setting.x`; `general_setting` (or no mask) is every
 * field, the whole setting replaced as memos replaces it; `name` (a REST body's key) names none.
 */
function fieldsOf(paths: readonly string[] | undefined): string[] {
  if (paths === undefined || paths.length === 0 || paths.includes("general_setting")) return FIELDS.map((field) => field.localName);
  return paths
    .filter((path) => path !== "name")
    .map((path) => {
      const name = path.startsWith(PREFIX) ? path.slice(PREFIX.length) : path;
      const field = FIELDS.find((candidate) => candidate.name === name);
      if (!field) throw invalidArgument("update_mask", `${JSON.stringify(path)} is not a field of the general setting`);
      return field.localName;
    });
}

const protoName = (localName: string) => FIELDS.find((field) => field.localName === localName)!.name;

/** A field's value as plain JSON (a message without its type name), to compare with what is served. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (key, inner) => (key === "$typeName" ? undefined : inner)));

const same = (a: unknown, b: unknown) => JSON.stringify(plain(a)) === JSON.stringify(plain(b));

/** Writes the GENERAL fields that change; refuses (before any write) a field we cannot set or a value our rules refuse. */
export async function updateGeneralSetting(
  ctx: AppContext,
  viewer: Viewer,
  setting: InstanceSetting,
  paths: readonly string[] | undefined,
) {
  if (setting.value.case !== "generalSetting") throw invalidArgument("setting.general_setting", "GENERAL needs a general_setting");
  const given = setting.value.value as unknown as Record<string, unknown>;
  const settings = await readSystemSettings(ctx.store.db);
  const writes: Array<{ name: InstanceSettingName; value: unknown }> = [];
  for (const localName of fieldsOf(paths)) {
    const entry = GENERAL_FIELDS[localName]!;
    const value = given[localName];
    const field = `setting.general_setting.${protoName(localName)}`;
    // A message left out (the custom profile) is no change.
    if (value === undefined || same(value, entry.read(settings))) continue;
    if ("fixed" in entry) throw invalidArgument(field, `not a setting of this server (it stays ${JSON.stringify(entry.fixed)})`);
    const next = entry.write(value as never, settings);
    const problem = instanceSettingProblem(entry.setting, next);
    if (problem) throw invalidArgument(field, problem.problem);
    writes.push({ name: entry.setting, value: next });
  }
  // Who may write each is judged for all of them before the first write (page code is the host's; sign-in rules a session's).
  for (const { name } of writes) {
    const entry = instanceSetting(name);
    if (entry.writer === "host") authorizeSystem(viewer, "write-page-code");
    if (entry.sessionOnly) authorizeSessionChange(viewer, entry.sessionOnly);
  }
  for (const { name, value } of writes) await upsertSetting(ctx, viewer, { name, value: JSON.stringify(value) });
}
