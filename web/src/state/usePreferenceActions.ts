// Changing the language or the appearance: kept in this browser, and for a signed-in user also in their
// settings (POST /api/user/setting, then GET /api/auth/session again). The cached user is updated first so the
// change shows at once, before the server answers.
import type { Appearance, Locale, User } from "@memos/common";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { keys } from "../queries/keys";
import { useUserSettingMutation, withUserSetting } from "../queries/settings";
import { usePreferences } from "./preferences";

type SettingKey = "locale" | "appearance";

export function usePreferenceActions() {
  const queryClient = useQueryClient();
  const { mutateAsync } = useUserSettingMutation();
  const setLocalLocale = usePreferences((state) => state.setLocale);
  const setLocalAppearance = usePreferences((state) => state.setAppearance);

  const saveToUser = useCallback(
    async (key: SettingKey, value: string) => {
      // A visitor's choice stays in this browser only.
      const me = queryClient.getQueryData<User | null>(keys.me);
      if (!me) return;
      // At once, in this render: the mutation's own optimistic update comes a tick later.
      queryClient.setQueryData<User | null>(keys.me, withUserSetting(me, key, value));
      try {
        await mutateAsync({ key, value });
      } catch {
        // Said by the mutation cache's toast (queries/errorToast.ts).
      }
    },
    [queryClient, mutateAsync],
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
