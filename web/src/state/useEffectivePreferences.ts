// The language and appearance in force: the signed-in user's settings win, then this browser's choice,
// then the instance default (and for the language, the browser's).
import { APPEARANCES, type Appearance, type Locale } from "@memos/common";
import { browserLocale, isLocale } from "../i18n";
import { useMe, userSetting, useStatus } from "../queries/session";
import { usePreferences } from "./preferences";

const isAppearance = (value: unknown): value is Appearance =>
  typeof value === "string" && (APPEARANCES as readonly string[]).includes(value);

export interface EffectivePreferences {
  locale: Locale;
  appearance: Appearance;
  /** The signed-in user's own choices, when they made any. */
  user: { locale?: Locale; appearance?: Appearance };
}

/** The language rule on its own: the user's setting, this browser's choice, the instance default, the browser. */
export function pickLocale(candidates: { user?: unknown; local?: unknown; instance?: unknown }): Locale {
  return [candidates.user, candidates.local, candidates.instance].find(isLocale) ?? browserLocale();
}

export function useEffectivePreferences(): EffectivePreferences {
  const { data: status } = useStatus();
  const { data: me } = useMe();
  const localLocale = usePreferences((state) => state.locale);
  const localAppearance = usePreferences((state) => state.appearance);
  const profile = status?.customizedProfile;
  const userLocale = userSetting<string>(me, "locale", "");
  const userAppearance = userSetting<string>(me, "appearance", "");

  const locale = pickLocale({ user: userLocale, local: localLocale, instance: profile?.locale });
  const appearance = [userAppearance, localAppearance, profile?.appearance].find(isAppearance) ?? "system";
  const user = {
    locale: isLocale(userLocale) ? userLocale : undefined,
    appearance: isAppearance(userAppearance) ? userAppearance : undefined,
  };
  return { locale, appearance, user };
}
