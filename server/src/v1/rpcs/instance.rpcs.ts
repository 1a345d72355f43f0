// InstanceService: what the instance is (every client's first call), its settings (v1/instance-settings.ts maps
// memos' keys onto ours), a test of its mail (it sends none) and how much room it takes.
import { Code, ConnectError } from "@connectrpc/connect";
import { timestampNow } from "@bufbuild/protobuf/wkt";
import { servedCustomizedProfile } from "@memos/common";
import type { AppContext, Viewer } from "../../context.js";
import { authorizeSessionChange } from "../../policies/credential.policy.js";
import { authorizeSettingRead, authorizeSystem } from "../../policies/system.policy.js";
import { PUBLIC_DISCLOSURE } from "../../policies/user.policy.js";
import { presentUser as presentV0User } from "../../presenters/user.presenter.js";
import { databaseSize } from "../../store/dialect.js";
import { readSystemSettings } from "../../store/sql/settings.js";
import { findHost } from "../../store/sql/user.store.js";
import { InstanceService } from "../gen/memos/api/v1/instance_service_pb.js";
import { folderBytes } from "../folder-bytes.js";
import { updateGeneralSetting } from "../instance-setting-update.js";
import { isV1SettingKey, V1_SETTING_KEYS, type V1SettingKeyName } from "../instance-settings.js";
import { instanceSettingKeyOf, instanceSettingName } from "../names.js";
import { presentUser } from "../presenters/user.presenter.js";
import { v1Service } from "../rpc.js";
import { invalidArgument } from "../transport/errors.js";

/**
 * The memos release whose v1 API we answer: clients read `version` to decide what they may call (MoeMemos asks
 * before syncing with a release newer than it knows), so it names that API, not our own version.
 */
const V1_API_VERSION = "0.30.0";

/** memos' cap on one batch of names. */
const MAX_BATCH = 100;

/** The key a setting's name holds; a name of no key of memos' is InvalidArgument naming `field`. */
function keyOf(name: string, field: string): V1SettingKeyName {
  const key = instanceSettingKeyOf(name, field);
  if (!isV1SettingKey(key)) throw invalidArgument(field, `unknown instance setting ${JSON.stringify(key)}`);
  return key;
}

/** The settings named, each as the caller may read it (the names checked first, then who may read each). */
async function settingsOf(ctx: AppContext, viewer: Viewer, names: readonly string[], field: (index: number) => string) {
  const keys = names.map((name, index) => keyOf(name, field(index)));
  for (const key of keys) authorizeSettingRead(viewer, V1_SETTING_KEYS[key].audience);
  const settings = await readSystemSettings(ctx.store.db);
  return keys.map((key) => ({ name: instanceSettingName(key), value: V1_SETTING_KEYS[key].present(settings, ctx.config) }));
}

export const instanceRpcs = v1Service(InstanceService, {
  getInstanceProfile: {
    access: "public",
    handle: async (_input, { ctx }) => {
      const { db } = ctx.store;
      const [host, settings] = await Promise.all([findHost(db), readSystemSettings(db)]);
      return {
        version: V1_API_VERSION,
        demo: ctx.config.mode === "demo",
        instanceUrl: servedCustomizedProfile(settings.customizedProfile).externalUrl,
        ...(host && { admin: presentUser(presentV0User(host, PUBLIC_DISCLOSURE)) }),
        needsSetup: host === undefined,
      };
    },
  },
  getInstanceSetting: {
    access: "public",
    handle: async (input, { ctx, viewer }) => (await settingsOf(ctx, viewer, [input.name], () => "name"))[0]!,
  },
  batchGetInstanceSettings: {
    access: "public",
    handle: async (input, { ctx, viewer }) => {
      if (input.names.length > MAX_BATCH) throw invalidArgument("names", `at most ${MAX_BATCH} names`);
      return { settings: await settingsOf(ctx, viewer, input.names, (index) => `names[${index}]`) };
    },
  },
  updateInstanceSetting: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      authorizeSystem(viewer, "write-settings");
      authorizeSessionChange(viewer, "change the instance's settings");
      const { setting } = input;
      if (!setting) throw invalidArgument("setting", "a setting is required");
      const key = keyOf(setting.name, "setting.name");
      // Only GENERAL's fields are settings of ours; the others are fixed here (as memos refuses a setting its
      // deployment fixed).
      if (key !== "GENERAL") throw new ConnectError(`instance setting ${key} is fixed on this server`, Code.FailedPrecondition);
      await updateGeneralSetting(ctx, viewer, setting, input.updateMask?.paths);
      return (await settingsOf(ctx, viewer, [setting.name], () => "setting.name"))[0]!;
    },
  },
  testInstanceEmailSetting: {
    access: "signed-in",
    handle: async (_input, { viewer }) => {
      authorizeSystem(viewer, "write-settings");
      throw new ConnectError("this server sends no mail: it has no SMTP settings", Code.FailedPrecondition);
    },
  },
  getInstanceStats: {
    access: "signed-in",
    handle: async (_input, { ctx, viewer }) => {
      authorizeSystem(viewer, "read-settings");
      const [size, local] = await Promise.all([databaseSize(ctx.store).catch(() => -1), folderBytes(ctx.config.data)]);
      return {
        database: { driver: ctx.store.engine, sizeBytes: BigInt(size) },
        localStorageBytes: BigInt(local),
        generatedTime: timestampNow(),
      };
    },
  },
});
