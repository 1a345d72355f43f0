// Saving settings: the signed-in user's own (POST /api/user/setting, then GET /api/auth/session again) and the
// instance's (POST /api/system/setting, then GET /api/status again, so style, script and profile apply at once).
import type { InstanceSettings, User, WritableInstanceSettingName } from "@memos/common";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";

/** The user settings the web writes (locale and appearance through usePreferenceActions, which keeps a local copy). */
export type UserSettingKey = "memoVisibility" | "memoDisplayTsOption" | "memoListOrder" | "locale" | "appearance";

/** The user with one setting replaced (the value is JSON text, as on the wire). */
export function withUserSetting(user: User, key: string, value: string): User {
  const others = (user.userSettingList ?? []).filter((setting) => setting.key !== key);
  return { ...user, userSettingList: [...others, { UserID: user.id, key, value: JSON.stringify(value) }] };
}

/**
 * Saves one user setting. The cached user changes first so the choice shows at once; a failure puts the
 * server's copy back. The display-time option reorders every memo list, so those are refetched.
 * @example useUserSettingMutation().mutate({ key: "memoVisibility", value: "PUBLIC" })
 */
export function useUserSettingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: UserSettingKey; value: string }) =>
      api.call("user.setSetting", { body: { key, value: JSON.stringify(value) } }),
    onMutate: async ({ key, value }) => {
      await queryClient.cancelQueries({ queryKey: keys.me });
      const me = queryClient.getQueryData<User | null>(keys.me);
      if (me) queryClient.setQueryData<User | null>(keys.me, withUserSetting(me, key, value));
    },
    onSettled: async (_data, _error, { key }) => {
      await queryClient.invalidateQueries({ queryKey: keys.me });
      if (key === "memoDisplayTsOption") await queryClient.invalidateQueries({ queryKey: keys.memos.all });
    },
  });
}

/** One instance setting to write: a name of the settings table (common/src/api/instance-settings.ts) and a value of its type. */
type SystemSettingWrite = { [K in WritableInstanceSettingName]: { name: K; value: InstanceSettings[K] } }[WritableInstanceSettingName];

/** Writes one instance setting, its value sent as JSON text. */
export const writeSystemSetting = ({ name, value }: SystemSettingWrite) =>
  api.call("system.setSetting", { body: { name, value: JSON.stringify(value) } });

/** Saves one system setting (its value sent as JSON text), then refetches the status. */
export function useSystemSettingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeSystemSetting,
    onSuccess: (_answer, { name }) =>
      queryClient.invalidateQueries({
        queryKey: name === "disableProjectInfo" ? keys.projectInfo : name === "requireTwoFactor" ? keys.twoFactor : keys.status,
      }),
  });
}

/** Cleans orphaned rows and compacts the database; the status carries the new size. */
export function useVacuumMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call("system.vacuum"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.status }),
  });
}
