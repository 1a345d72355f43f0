// Effects that follow the instance and the signed-in user: language, appearance, document title, favicon,
// and the host's additional style and script.
import type { Appearance, Locale } from "@memos/common";
import { useEffect } from "react";
import { browserLocale, changeLanguage, isLocale } from "../i18n";
import { useMe, userSetting, useStatus } from "../queries/session";
import { usePreferences } from "./preferences";
import { useAppearance } from "./useAppearance";

const APPEARANCES = ["system", "light", "dark"];

export function useInstanceEffects() {
  const { data: status } = useStatus();
  const { data: me } = useMe();
  const preferences = usePreferences();

  const profile = status?.customizedProfile;
  const userLocale = userSetting<string>(me, "locale", "");
  const userAppearance = userSetting<string>(me, "appearance", "");
  // Signed-in users' settings win; then this browser's choice; then the instance default.
  const locale: Locale =
    (isLocale(userLocale) && userLocale) || preferences.locale || (isLocale(profile?.locale) ? profile.locale : browserLocale());
  const appearance = ((APPEARANCES.includes(userAppearance) && userAppearance) ||
    preferences.appearance ||
    (APPEARANCES.includes(profile?.appearance ?? "") ? profile!.appearance : "system")) as Appearance;

  useEffect(() => {
    void changeLanguage(locale);
  }, [locale]);
  useAppearance(appearance);

  useEffect(() => {
    document.title = profile?.name || "memos";
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (icon) icon.href = profile?.logoUrl || "/logo.png";
  }, [profile?.name, profile?.logoUrl]);

  useEffect(() => {
    if (!status?.additionalStyle) return;
    const style = document.createElement("style");
    style.dataset.memos = "additional-style";
    style.textContent = status.additionalStyle;
    document.body.append(style);
    return () => style.remove();
  }, [status?.additionalStyle]);

  useEffect(() => {
    if (!status?.additionalScript) return;
    const script = document.createElement("script");
    script.dataset.memos = "additional-script";
    script.textContent = status.additionalScript;
    document.head.append(script);
    return () => script.remove();
  }, [status?.additionalScript]);
}
