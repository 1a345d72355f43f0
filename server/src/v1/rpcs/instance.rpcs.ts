// InstanceService: what the instance is (every client's first call) and its settings.
import { Code, ConnectError } from "@connectrpc/connect";
import { PUBLIC_DISCLOSURE } from "../../policies/user.policy.js";
import { presentUser as presentV0User } from "../../presenters/user.presenter.js";
import { servedCustomizedProfile } from "@memos/common";
import { readSystemSettings } from "../../store/sql/settings.js";
import { findHost } from "../../store/sql/user.store.js";
import { InstanceService, InstanceSetting_Key } from "../gen/memos/api/v1/instance_service_pb.js";
import { instanceSettingKeyOf, instanceSettingName } from "../names.js";
import { presentUser } from "../presenters/user.presenter.js";
import { v1Service } from "../rpc.js";
import { invalidArgument } from "../transport/errors.js";

/**
 * The memos release whose v1 API we answer: clients read `version` to decide what they may call (MoeMemos asks
 * before syncing with a release newer than it knows), so it names that API, not our own version.
 */
const V1_API_VERSION = "0.30.0";

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
    handle: async (input, { ctx }) => {
      const key = instanceSettingKeyOf(input.name);
      const known = InstanceSetting_Key[key as keyof typeof InstanceSetting_Key] as InstanceSetting_Key | undefined;
      if (known === undefined || known === InstanceSetting_Key.KEY_UNSPECIFIED)
        throw invalidArgument("name", `unknown instance setting ${JSON.stringify(key)}`);
      if (known !== InstanceSetting_Key.GENERAL) throw new ConnectError(`instance setting ${key} is not served yet`, Code.Unimplemented);
      const settings = await readSystemSettings(ctx.store.db);
      const profile = servedCustomizedProfile(settings.customizedProfile);
      return {
        name: instanceSettingName(key),
        value: {
          case: "generalSetting" as const,
          value: {
            disallowUserRegistration: !settings.allowSignUp,
            disallowPasswordAuth: settings.disablePasswordSignIn,
            additionalScript: settings.additionalScript,
            additionalStyle: settings.additionalStyle,
            customProfile: { title: profile.name, description: profile.description, logoUrl: profile.logoUrl },
          },
        },
      };
    },
  },
});
