// The sign-in page's single sign-on part: why the last attempt through a provider failed (`?error=` from the
// callback), and "Sign in with <name>" for each enabled provider. When the host turned password sign-in off, the
// password form is hidden behind a link for the host.
import { isSsoFailure, type SsoOptions, ssoStartPath } from "@memos/common";
import { KeyRound, LogIn } from "lucide-react";
import { useTranslation } from "react-i18next";

const PROVIDER_LINK =
  "inline-flex h-10 w-full items-center justify-center gap-2 rounded-lg border border-zinc-300 bg-white px-3 text-sm font-medium text-zinc-800 hover:bg-zinc-50 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800";

export function SsoSignIn({
  options,
  failure,
  passwordHidden,
  onShowPassword,
  next,
}: {
  /** The app's page to come back to once signed in (`?next=` of the sign-in page), when there is one. */
  next?: string;
  options: SsoOptions | undefined;
  failure: string | null;
  passwordHidden: boolean;
  onShowPassword: () => void;
}) {
  const { t } = useTranslation();
  const providers = options?.providers ?? [];
  if (providers.length === 0 && !failure && !passwordHidden) return null;
  return (
    <div className="mt-4 flex flex-col gap-2">
      {failure ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {t(isSsoFailure(failure) ? `sso.error.${failure}` : "sso.error.provider-error")}
        </p>
      ) : null}
      {passwordHidden ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("sso.password-off")}</p> : null}
      {providers.map((provider) => (
        <a key={provider.id} href={ssoStartPath(provider.id, false, next)} className={PROVIDER_LINK}>
          <LogIn className="size-4" aria-hidden />
          {t("sso.sign-in-with", { name: provider.name })}
        </a>
      ))}
      {passwordHidden ? (
        <button
          type="button"
          onClick={onShowPassword}
          className="inline-flex h-10 items-center justify-center gap-1.5 self-center rounded-lg px-2 text-sm text-zinc-600 hover:bg-zinc-200 dark:text-zinc-300 dark:hover:bg-zinc-800"
        >
          <KeyRound className="size-4" aria-hidden />
          {t("sso.host-password")}
        </button>
      ) : null}
    </div>
  );
}
