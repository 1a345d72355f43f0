// Changing the language or the appearance: kept in this browser, and for a signed-in user also in their
// settings (POST /api/user/setting, then GET /api/user/me again). The cached user is updated first so the
// change shows at once, before the server answers.
import type { Appearance, Locale, User } from "@memos/common";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../api/endpoints";
import { keys } from "../queries/keys";
import { usePreferences } from "./preferences";
import { errorMessage, toast } from "./toast";

type SettingKey = "locale" | "appearance";

/** The user with one setting replaced (the value is JSON text, as on the wire). */
export function withUserSetting(user: User, key: string, value: string): User {
  const others = (user.userSettingList ?? []).filter((setting) => setting.key !== key);
  return { ...user, userSettingList: [...others, { UserID: user.id, key, value: JSON.stringify(value) }] };
}

export function usePreferenceActions() {
  const queryClient = useQueryClient();
  const setLocalLocale = usePreferences((state) => state.setLocale);
  const setLocalAppearance = usePreferences((state) => state.setAppearance);

  const saveToUser = useCallback(
    async (key: SettingKey, value: string) => {
      const me = queryClient.getQueryData<User | null>(keys.me);
      if (!me) return;
      queryClient.setQueryData<User | null>(keys.me, withUserSetting(me, key, value));
      try {
        await api.upsertUserSetting(key, value);
      } catch (error) {
        toast.error(errorMessage(error));
      }
      await queryClient.invalidateQueries({ queryKey: keys.me });
    },
    [queryClient],
  );

  const setLocale = useCallback(
    (locale: Locale) => {
      setLocalLocale(locale);
      return saveToUser("locale", locale);
    },
    [setLocalLocale, saveToUser],
  );

  const setAppearance = useCallback(
    (appearance: Appearance) => {
      setLocalAppearance(appearance);
      return saveToUser("appearance", appearance);
    },
    [setLocalAppearance, saveToUser],
  );

  return { setLocale, setAppearance };
}
