// Effects that follow the instance and the signed-in user: language, appearance, document title, favicon,
// and the host's additional style and script.
import { useEffect } from "react";
import { changeLanguage } from "../i18n";
import { useStatus } from "../queries/session";
import { useLogoProbes } from "./brokenLogos";
import { usePreferences } from "./preferences";
import { useAppearance } from "./useAppearance";
import { useEffectivePreferences } from "./useEffectivePreferences";

export function useInstanceEffects() {
  const { data: status } = useStatus();
  const { locale, appearance, user } = useEffectivePreferences();
  const profile = status?.customizedProfile;

  // The signed-in user's choices become this browser's too (as v0 stored them), so the sign-in page
  // keeps them after signing out.
  useEffect(() => {
    const local = usePreferences.getState();
    if (user.locale && user.locale !== local.locale) local.setLocale(user.locale);
    if (user.appearance && user.appearance !== local.appearance) local.setAppearance(user.appearance);
  }, [user.locale, user.appearance]);

  useEffect(() => {
    void changeLanguage(locale);
  }, [locale]);
  useAppearance(appearance);

  // The favicon follows the logo's one try: the custom address once it has loaded, ours until then.
  const logoLoaded = useLogoProbes((state) => Boolean(profile?.logoUrl) && state.status[profile!.logoUrl] === "ok");
  const probeLogo = useLogoProbes((state) => state.probe);
  useEffect(() => {
    if (profile?.logoUrl && profile.logoUrl !== "/logo.png") probeLogo(profile.logoUrl);
  }, [profile?.logoUrl, probeLogo]);
  useEffect(() => {
    document.title = profile?.name || "memos";
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (icon) icon.href = (logoLoaded && profile?.logoUrl) || "/logo.png";
  }, [profile?.name, profile?.logoUrl, logoLoaded]);

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
