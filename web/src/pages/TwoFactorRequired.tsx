// The step before the app when the host requires two-factor sign-in and this account has none: set it up (or add a
// passkey), or sign out. The server lets such a session do nothing else (policies/two-factor.policy.ts).
import { useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { TwoFactorSetup } from "../components/TwoFactor/TwoFactorSetup";
import { AddPasskeyInstead } from "../components/Passkeys/AddPasskeyInstead";
import { Button } from "../components/ui/Button";
import { keys } from "../queries/keys";
import { fetchMe, useSignOut } from "../queries/session";
import { returnTo } from "../router/returnTo";

export default function TwoFactorRequired() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  // The sign-in page comes next either way: a failed sign-out has nothing to say there.
  const signOut = useSignOut({ errorToast: false });

  const done = async () => {
    // Read afresh before the app's entry rule reads it (a kept copy would say the setup is still due).
    await queryClient.fetchQuery({ queryKey: keys.me, queryFn: fetchMe, staleTime: 0 });
    // Back where the set-up interrupted (an app's consent page), else home.
    await navigate(returnTo(searchParams.get("next")));
  };

  return (
    <main className="flex min-h-dvh w-full flex-col items-center px-4 py-10 sm:justify-center">
      <div className="flex w-full max-w-sm flex-col gap-4 rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-700 dark:bg-zinc-800">
        <h1 className="text-xl font-semibold text-zinc-800 dark:text-zinc-100">{t("two-factor.required-title")}</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("two-factor.required-hint")}</p>
        <TwoFactorSetup onDone={() => void done()} />
        <AddPasskeyInstead onDone={() => void done()} />
      </div>
      <Button
        variant="ghost"
        className="mt-4 h-10"
        icon={<LogOut className="size-4" aria-hidden />}
        onClick={() => void signOut.mutateAsync().finally(() => void navigate("/auth"))}
      >
        {t("common.sign-out")}
      </Button>
    </main>
  );
}
