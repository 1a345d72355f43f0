// /oauth/authorize: an app (an MCP client such as Claude or Cursor) asks to use the signed-in user's memos. The page
// names the app as it registered itself (said to be self-declared) and where the answer goes, offers read and write
// or read only (never more than asked), and sends the browser to the app with a code, or with a denial. A request
// the server cannot tie to a registered client and redirect URI is shown as an error here and goes nowhere; a
// malformed request of a known client is shown too, with a button back to the app (never an automatic redirect:
// every client registered itself, so sending a browser on unasked would make this page an open redirector).
import type { AccessTokenScope } from "@memos/common";
import { AppWindow, BookOpen, PencilLine, ShieldAlert } from "lucide-react";
import { type ReactNode, useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import { errorMessage } from "../api/errorMessage";
import { Button } from "../components/ui/Button";
import { InstanceLogo } from "../components/ui/InstanceLogo";
import { Spinner } from "../components/ui/Spinner";
import { authorizationRequestOf, useAuthorizationCheck, useAuthorizationDecision } from "../queries/oauth";
import { useMe, useStatus } from "../queries/session";

const CARD = "flex w-full max-w-md flex-col gap-4 rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-700 dark:bg-zinc-800";

function AccessOption({
  value,
  chosen,
  onChoose,
  name,
  title,
  hint,
  icon,
}: {
  value: AccessTokenScope;
  chosen: AccessTokenScope;
  onChoose: (value: AccessTokenScope) => void;
  name: string;
  title: string;
  hint: string;
  icon: ReactNode;
}) {
  const selected = value === chosen;
  return (
    <label
      className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 ${
        selected ? "border-accent bg-accent/5 dark:bg-accent/10" : "border-zinc-200 dark:border-zinc-700"
      }`}
    >
      <input type="radio" name={name} value={value} checked={selected} onChange={() => onChoose(value)} className="mt-1 accent-accent" />
      <span className="mt-0.5 text-zinc-600 dark:text-zinc-300">{icon}</span>
      <span className="flex flex-col">
        <span className="text-sm font-medium text-zinc-800 dark:text-zinc-100">{title}</span>
        <span className="text-sm text-zinc-600 dark:text-zinc-400">{hint}</span>
      </span>
    </label>
  );
}

export default function OAuthConsent() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const location = useLocation();
  const request = useMemo(() => authorizationRequestOf(search), [search]);
  const check = useAuthorizationCheck(request);
  const decide = useAuthorizationDecision();
  const { data: me } = useMe();
  const { data: status } = useStatus();
  const [access, setAccess] = useState<AccessTokenScope>("read-write");
  const [leaving, setLeaving] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const radioName = useId();
  const answer = check.data;

  useEffect(() => {
    if (answer?.outcome === "consent") setAccess(answer.access);
  }, [answer]);

  const send = async (approve: boolean) => {
    setProblem(null);
    try {
      const { redirectTo } = await decide.mutateAsync({ request, approve, access });
      setLeaving(answer?.outcome === "consent" ? answer.client.redirectHost : "");
      window.location.assign(redirectTo);
    } catch (error) {
      setProblem(errorMessage(error, t));
    }
  };

  const profile = status?.customizedProfile;
  const header = (
    <div className="flex items-center gap-3">
      <InstanceLogo src={profile?.logoUrl} className="size-10 shrink-0 rounded-lg" />
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-zinc-800 dark:text-zinc-100">{profile?.name || "memos"}</p>
        {me ? (
          <>
            <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">{t("oauth.signed-in-as", { username: me.username })}</p>
            {/* The sign-in page signs this session out first, then comes back here. */}
            <Link
              to={`/auth?next=${encodeURIComponent(location.pathname + location.search)}`}
              className="text-xs text-accent hover:underline dark:text-green-400"
            >
              {t("oauth.switch-account")}
            </Link>
          </>
        ) : null}
      </div>
    </div>
  );

  let body: ReactNode;
  if (check.isPending) {
    body = <Spinner className="size-6 self-center" />;
  } else if (answer?.outcome === "error") {
    body = (
      <div role="alert" className="flex flex-col gap-2">
        <h1 className="flex items-center gap-2 text-lg font-semibold text-zinc-800 dark:text-zinc-100">
          <ShieldAlert className="size-5 text-red-600 dark:text-red-400" aria-hidden />
          {t("oauth.invalid-title")}
        </h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("oauth.malformed", { error: answer.error })}</p>
        <Button className="h-10 self-start" onClick={() => window.location.assign(answer.redirectTo)}>
          {t("oauth.back-to-app", { host: answer.redirectHost })}
        </Button>
      </div>
    );
  } else if (check.error || !answer) {
    body = (
      <div role="alert" className="flex flex-col gap-2">
        <h1 className="flex items-center gap-2 text-lg font-semibold text-zinc-800 dark:text-zinc-100">
          <ShieldAlert className="size-5 text-red-600 dark:text-red-400" aria-hidden />
          {t("oauth.invalid-title")}
        </h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{errorMessage(check.error, t)}</p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("oauth.invalid-hint")}</p>
      </div>
    );
  } else if (leaving !== null) {
    body = (
      <div role="status" className="flex flex-col items-center gap-3 py-2 text-center">
        <Spinner className="size-6" />
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("oauth.returning", { host: leaving })}</p>
      </div>
    );
  } else {
    const { client } = answer;
    body = (
      <>
        <div className="flex flex-col gap-1">
          <h1 className="flex items-start gap-2 text-lg font-semibold text-zinc-800 dark:text-zinc-100">
            <AppWindow className="mt-1 size-5 shrink-0 text-accent" aria-hidden />
            <span className="min-w-0 break-words">{t("oauth.wants-access", { name: client.name })}</span>
          </h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("oauth.self-declared")}</p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {t("oauth.redirect")} <span className="font-mono break-all text-zinc-800 dark:text-zinc-200">{client.redirectHost}</span>
          </p>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium text-zinc-700 dark:text-zinc-300">{t("oauth.access")}</legend>
          {answer.access === "read-write" ? (
            <AccessOption
              value="read-write"
              chosen={access}
              onChoose={setAccess}
              name={radioName}
              title={t("oauth.access-read-write")}
              hint={t("oauth.access-read-write-hint")}
              icon={<PencilLine className="size-4" aria-hidden />}
            />
          ) : null}
          <AccessOption
            value="read"
            chosen={access}
            onChoose={setAccess}
            name={radioName}
            title={t("oauth.access-read")}
            hint={t("oauth.access-read-hint")}
            icon={<BookOpen className="size-4" aria-hidden />}
          />
        </fieldset>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("oauth.revoke-hint")}</p>
        {problem ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button disabled={decide.isPending} onClick={() => void send(false)} className="h-10 sm:min-w-24">
            {t("oauth.deny")}
          </Button>
          <Button variant="primary" disabled={decide.isPending} onClick={() => void send(true)} className="h-10 sm:min-w-24">
            {decide.isPending ? <Spinner className="size-4" /> : null}
            {t("oauth.allow")}
          </Button>
        </div>
      </>
    );
  }

  return (
    <main className="flex min-h-dvh w-full flex-col items-center px-4 py-10 sm:justify-center">
      <div className={CARD}>
        {header}
        {body}
      </div>
    </main>
  );
}
