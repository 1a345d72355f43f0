// Sign in and sign up. The first account signs up as the host; afterwards sign-up is offered only while the
// host allows it. Opening the page signs out, as v0 did. After a provider's sign-in of an account with its own second
// factor, the page opens at the code (or passkey) step (`?second-factor=`), which finishes that sign-in.
import { MAX_TOTP_CODE_INPUT_LENGTH, MAX_TWO_FACTOR_CODE_LENGTH, SSO_SECOND_FACTOR_STEPS, type SsoSecondFactorStep } from "@memos/common";
import { useQueryClient } from "@tanstack/react-query";
import { Compass } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../api/client";
import { Button } from "../components/ui/Button";
import { PreferenceSelects } from "../components/layout/PreferenceSelects";
import { Spinner } from "../components/ui/Spinner";
import { endSession, useSignIn, useStatus } from "../queries/session";
import { errorMessage } from "../api/errorMessage";
import { returnTo } from "../router/returnTo";
import { tooManyAttemptsMessage } from "./signInWait";
import { InstanceLogo } from "../components/ui/InstanceLogo";
import { checkNewPassword, checkNewUsername, RULE_LIMITS } from "../components/Settings/validation";
import { PasswordStrength } from "../components/Password/PasswordStrength";
import { passkeyBlocker } from "../components/Passkeys/passkeyBlocker";
import { PasskeyButton } from "../components/Passkeys/PasskeyButton";
import { isBrowserFailure, passkeyAssertion, passkeysSupported, usePasskeySignIn } from "../queries/passkeys";
import { SsoSignIn } from "../components/Sso/SsoSignIn";
import { useSsoOptions } from "../queries/sso";

type Action = "signin" | "signup";
/** The second step of a sign-in to an account with two-factor sign-in: the app's code, a recovery code, or a passkey. */
type CodeStep = "app" | "recovery" | "passkey";

/** The step a provider's sign-in sent the browser to, if any. */
function ssoStepOf(value: string | null): SsoSecondFactorStep | null {
  return (SSO_SECOND_FACTOR_STEPS as readonly (string | null)[]).includes(value) ? (value as SsoSecondFactorStep) : null;
}

const INPUT =
  "h-10 w-full rounded-lg border border-zinc-300 bg-white px-3 text-[15px] text-zinc-800 focus:border-accent focus:outline-none dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100";

export default function Auth() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const ssoStep = ssoStepOf(searchParams.get("second-factor"));
  const queryClient = useQueryClient();
  const signIn = useSignIn();
  const passkeySignIn = usePasskeySignIn();
  const { data: liveStatus } = useStatus();
  // From a successful sign-in or sign-up until home shows, the form stays as it was: the status read afresh
  // (now with a host) must not turn "Sign up as Host" into the sign-in form for a moment.
  const [leaving, setLeaving] = useState<{ status: typeof liveStatus } | null>(null);
  const status = leaving ? leaving.status : liveStatus;
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<Action | "passkey" | null>(null);
  const [codeStep, setCodeStep] = useState<CodeStep | null>(ssoStep === "code" ? "app" : ssoStep);
  const [code, setCode] = useState("");
  const signedOut = useRef<Promise<unknown>>(Promise.resolve());
  const ids = { username: useId(), usernameHint: useId(), password: useId(), problem: useId(), code: useId() };

  const profile = status?.customizedProfile;
  const hasHost = Boolean(status?.host);
  const canSignUp = !hasHost || Boolean(status?.allowSignUp);
  const passkeys = !passkeyBlocker(profile?.externalUrl) && passkeysSupported();
  const sso = useSsoOptions();
  const [hostPassword, setHostPassword] = useState(false);
  // The step after a provider's sign-in is no password form: it shows whatever the host chose.
  const passwordHidden = hasHost && sso.data?.passwordSignIn === false && !hostPassword && !ssoStep;

  useEffect(() => {
    signedOut.current = endSession(queryClient);
  }, [queryClient]);

  // The demo and dev servers come with a demo account.
  const mode = status?.profile.mode;
  useEffect(() => {
    if (mode === "dev" || mode === "demo") {
      setUsername((value) => value || "demohero");
      setPassword((value) => value || "secret");
    }
  }, [mode]);

  // Signing in checks no rule: a name or a password set before today's rules (from v0, or from memos) still works.
  const validate = (action: Action): string | null => {
    if (codeStep === "passkey") return null;
    if (codeStep) return code.trim() ? null : t("message.fill-all-fields");
    if (!username || !password) return t("message.fill-all-fields");
    const rule = action === "signup" ? (checkNewUsername(username) ?? checkNewPassword(password)) : null;
    return rule ? t(rule, RULE_LIMITS) : null;
  };

  /** `withPasskey`: the code step answered with a passkey of this browser instead of a code. */
  const run = async (action: Action, withPasskey = codeStep === "passkey") => {
    const failure = withPasskey ? null : validate(action);
    setProblem(failure);
    if (failure) return;
    setPending(action);
    const before = status;
    const failed = t(action === "signin" ? "auth.login-failed" : "auth.signup-failed");
    try {
      await signedOut.current;
      const passkey = withPasskey ? await passkeyAssertion() : undefined;
      setLeaving({ status: before });
      const me = await signIn.mutateAsync({
        action: ssoStep ? "sso-step" : action,
        username,
        password,
        ...(passkey ? { passkey } : codeStep && { code }),
        role: hasHost ? "USER" : "HOST",
      });
      // The password was right and the account has two-factor sign-in: ask for the code (or its passkey).
      if (me && "secondFactor" in me) {
        setLeaving(null);
        setCodeStep(me.secondFactor === "passkey" ? "passkey" : "app");
        setProblem(null);
        return;
      }
      if (!me) {
        setLeaving(null);
        setProblem(failed);
        return;
      }
      await navigate(returnTo(searchParams.get("next")));
      return;
    } catch (error) {
      setLeaving(null);
      // The code step after a provider's sign-in, sent without its code.
      if (error instanceof ApiError && error.reason === "auth.code-required") {
        setCodeStep("app");
        setProblem(null);
        return;
      }
      if (error instanceof ApiError && error.reason === "auth.passkey-required") {
        setCodeStep("passkey");
        setProblem(null);
        return;
      }
      if (isBrowserFailure(error) && withPasskey) {
        setProblem(t("passkeys.browser-failed"));
        return;
      }
      // Every problem is said in one place, under the form, the newest replacing the last (a toast would be gone
      // before it is read, and could contradict the form's own message). The account's app codes locked by wrong
      // guesses: the step stays, so a recovery code or a passkey signs in.
      if (error instanceof ApiError && error.reason === "auth.code-locked") setProblem(errorMessage(error, t));
      else if (error instanceof ApiError && error.status === 429) setProblem(tooManyAttemptsMessage(t, error.retryAfter));
      else setProblem(`${failed}: ${errorMessage(error, t)}`);
    } finally {
      setPending(null);
    }
  };

  const signInWithPasskey = async () => {
    setProblem(null);
    setPending("passkey");
    try {
      await signedOut.current;
      setLeaving({ status });
      if (!(await passkeySignIn.mutateAsync())) throw new Error("no session");
      await navigate(returnTo(searchParams.get("next")));
    } catch (error) {
      setLeaving(null);
      if (error instanceof ApiError && error.status === 429) setProblem(tooManyAttemptsMessage(t, error.retryAfter));
      else setProblem(isBrowserFailure(error) ? t("passkeys.browser-failed") : `${t("auth.login-failed")}: ${errorMessage(error, t)}`);
    } finally {
      setPending(null);
    }
  };

  const switchCodeStep = (step: CodeStep) => {
    setCodeStep(step);
    setCode("");
    setProblem(null);
    document.getElementById(ids.code)?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(hasHost ? "signin" : "signup");
  };

  const passkeyButton = (divider: boolean) =>
    status && hasHost && !codeStep && passkeys ? (
      <PasskeyButton divider={divider} busy={pending === "passkey"} disabled={pending !== null} onClick={() => void signInWithPasskey()} />
    ) : null;

  return (
    <main className="flex min-h-dvh w-full flex-col items-center px-4 py-10 sm:justify-center">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center text-center">
          <InstanceLogo src={profile?.logoUrl} className="mb-3 size-14 rounded-xl" />
          <h1 className="text-2xl font-semibold text-zinc-800 dark:text-zinc-100">{profile?.name || "memos"}</h1>
          {profile?.description ? <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{profile.description}</p> : null}
        </div>
        <form
          hidden={passwordHidden}
          onSubmit={onSubmit}
          noValidate
          aria-describedby={problem ? ids.problem : undefined}
          className="flex flex-col gap-4 rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-700 dark:bg-zinc-800"
        >
          {ssoStep ? <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("sso.second-factor-hint")}</p> : null}
          {codeStep === "passkey" ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("passkeys.signin-second-step")}</p>
          ) : codeStep ? (
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.code} className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
                {codeStep === "app" ? t("two-factor.code") : t("two-factor.recovery-code")}
              </label>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {codeStep === "app" ? t("two-factor.signin-hint") : t("two-factor.signin-recovery-hint")}
              </p>
              <input
                key={codeStep}
                id={ids.code}
                className={`${INPUT} font-mono tracking-wider`}
                value={code}
                autoComplete="one-time-code"
                inputMode={codeStep === "app" ? "numeric" : "text"}
                maxLength={codeStep === "app" ? MAX_TOTP_CODE_INPUT_LENGTH : MAX_TWO_FACTOR_CODE_LENGTH}
                autoCapitalize="none"
                spellCheck={false}
                autoFocus
                onChange={(event) => setCode(event.target.value)}
              />
              <button
                type="button"
                onClick={() => switchCodeStep(codeStep === "app" ? "recovery" : "app")}
                className="min-h-10 self-start text-sm text-accent hover:underline"
              >
                {codeStep === "app" ? t("two-factor.use-recovery") : t("two-factor.use-app")}
              </button>
              {passkeys ? (
                <button
                  type="button"
                  disabled={pending !== null}
                  onClick={() => void run("signin", true)}
                  className="min-h-10 self-start text-sm text-accent hover:underline"
                >
                  {t("passkeys.use-passkey")}
                </button>
              ) : null}
            </div>
          ) : (
            <>
              <div className="flex flex-col gap-1">
                <label htmlFor={ids.username} className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
                  {t("common.username")}
                </label>
                <input
                  id={ids.username}
                  className={INPUT}
                  value={username}
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  aria-describedby={status && canSignUp ? ids.usernameHint : undefined}
                  onChange={(event) => setUsername(event.target.value)}
                />
                {/* The rule of a new name, before it is sent; an existing account signs in whatever its name. */}
                {status && canSignUp ? (
                  <p id={ids.usernameHint} className="text-xs text-zinc-600 dark:text-zinc-400">
                    {t("daily.rule.username-hint", RULE_LIMITS)}
                  </p>
                ) : null}
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor={ids.password} className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
                  {t("common.password")}
                </label>
                <input
                  id={ids.password}
                  type="password"
                  className={INPUT}
                  value={password}
                  autoComplete={hasHost ? "current-password" : "new-password"}
                  onChange={(event) => setPassword(event.target.value)}
                />
                {/* Only where an account can be made here: a sign-in form has no use for it. */}
                {status && canSignUp ? <PasswordStrength password={password} userInputs={[username]} /> : null}
              </div>
            </>
          )}
          {problem ? (
            <p id={ids.problem} role="alert" className="text-sm text-red-600 dark:text-red-400">
              {problem}
            </p>
          ) : null}
          {!status ? (
            <Spinner className="size-5 self-center" />
          ) : hasHost ? (
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              {canSignUp && !codeStep ? (
                <Button type="button" disabled={pending !== null} onClick={() => void run("signup")} className="h-10">
                  {pending === "signup" ? <Spinner className="size-4" /> : null}
                  {t("common.sign-up")}
                </Button>
              ) : null}
              <Button type="submit" variant="primary" disabled={pending !== null} className="h-10 sm:min-w-28">
                {pending === "signin" ? <Spinner className="size-4" /> : null}
                {codeStep === "passkey" ? t("passkeys.use-passkey") : codeStep ? t("two-factor.verify") : t("common.sign-in")}
              </Button>
            </div>
          ) : (
            <Button type="submit" variant="primary" disabled={pending !== null} className="h-10">
              {pending === "signup" ? <Spinner className="size-4" /> : null}
              {t("auth.signup-as-host")}
            </Button>
          )}
          {status && !hasHost ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("auth.host-tip")}</p> : null}
          {passwordHidden ? null : passkeyButton(true)}
          {status && hasHost && !canSignUp && !codeStep ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("auth.contact-host")}</p>
          ) : null}
        </form>
        {/* Password sign-in off: a passkey is no password, so it still signs in (its failures said here). */}
        {passwordHidden && passkeys ? (
          <div className="mt-4 flex flex-col gap-2">
            {passkeyButton(false)}
            {problem ? (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {problem}
              </p>
            ) : null}
          </div>
        ) : null}
        <SsoSignIn
          options={hasHost ? sso.data : undefined}
          failure={searchParams.get("error")}
          passwordHidden={passwordHidden}
          onShowPassword={() => setHostPassword(true)}
          next={returnTo(searchParams.get("next")) === "/" ? undefined : returnTo(searchParams.get("next"))}
        />
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
          <PreferenceSelects />
          {hasHost ? (
            <Link
              to="/explore"
              className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2 text-sm text-zinc-600 hover:bg-zinc-200 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              <Compass className="size-4" aria-hidden />
              {t("sidebar.explore")}
            </Link>
          ) : null}
        </div>
      </div>
    </main>
  );
}
