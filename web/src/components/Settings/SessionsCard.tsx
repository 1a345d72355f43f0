// Settings › My account › Where you're signed in: each browser signed in to the account (its browser and system
// from the User-Agent, address, sign-in and last activity), this one marked, with sign out for one or all others.
import type { Session } from "@memos/common";
import { Bot, LogOut, Monitor, Smartphone, Tablet, Tv } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessage";
import { useSessionMutations, useSessions } from "../../queries/sessions";
import { toast } from "../../state/toast";
import { formatDate } from "../../utils/time";
import { Button, IconButton } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { Spinner } from "../ui/Spinner";
import { SettingGroup } from "./controls";

const DEVICE_ICONS = { desktop: Monitor, mobile: Smartphone, tablet: Tablet, tv: Tv, bot: Bot } as const;

/** "Firefox 128 on Linux", or as much of it as the User-Agent told. */
function useSessionName() {
  const { t } = useTranslation();
  return (session: Session): string => {
    const browser = session.browser ?? t("sessions.unknown-browser");
    return session.os ? t("sessions.browser-on-os", { browser, os: session.os }) : browser;
  };
}

function SessionRow({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  const { t, i18n } = useTranslation();
  const name = useSessionName()(session);
  const when = (seconds: number) => formatDate(seconds * 1000, i18n.language, "date-time");
  const Icon = DEVICE_ICONS[session.deviceType ?? "desktop"];
  return (
    <li
      data-testid="session-row"
      className="flex items-start gap-3 border-b border-zinc-100 px-3 py-2.5 last:border-b-0 dark:border-zinc-700/70"
    >
      <Icon className="mt-0.5 size-5 shrink-0 text-zinc-500 dark:text-zinc-400" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-800 dark:text-zinc-100">
          <span className="truncate font-medium" title={session.userAgent}>
            {name}
          </span>
          {session.current ? (
            <span className="rounded-md bg-green-600/10 px-1.5 py-0.5 text-xs text-green-800 dark:bg-green-500/15 dark:text-green-300">
              {t("sessions.this-device")}
            </span>
          ) : null}
        </p>
        <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
          {session.address ? `${session.address} · ` : ""}
          {t("sessions.last-active", { date: when(session.lastActiveTs) })}
        </p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("sessions.signed-in", { date: when(session.createdTs) })}</p>
      </div>
      {session.current ? null : (
        <IconButton label={t("sessions.sign-out-named", { name })} onClick={onSignOut}>
          <LogOut className="size-4" aria-hidden />
        </IconButton>
      )}
    </li>
  );
}

export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const { revoke, revokeOthers } = useSessionMutations();
  const nameOf = useSessionName();
  const [signingOut, setSigningOut] = useState<Session | "others" | null>(null);
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  const confirm = async () => {
    try {
      if (signingOut === "others") {
        await revokeOthers.mutateAsync();
        toast.success(t("sessions.others-signed-out"));
      } else if (signingOut) {
        await revoke.mutateAsync(signingOut.id);
        toast.success(t("sessions.signed-out"));
      }
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  return (
    <SettingGroup
      title={t("sessions.title")}
      description={t("sessions.hint")}
      actions={
        others.length > 0 ? (
          <Button icon={<LogOut className="size-4" aria-hidden />} onClick={() => setSigningOut("others")}>
            {t("sessions.sign-out-others")}
          </Button>
        ) : null
      }
    >
      {sessions.isPending ? (
        <div className="flex justify-center p-4">
          <Spinner className="size-5" />
        </div>
      ) : sessions.data ? (
        <ul aria-label={t("sessions.title")}>
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} onSignOut={() => setSigningOut(session)} />
          ))}
        </ul>
      ) : (
        <p className="px-3 py-3 text-sm text-zinc-500 dark:text-zinc-400">{errorMessage(sessions.error, t)}</p>
      )}
      <ConfirmDialog
        open={signingOut !== null}
        onClose={() => setSigningOut(null)}
        title={
          signingOut === "others"
            ? t("sessions.sign-out-others-title")
            : t("sessions.sign-out-title", { name: signingOut ? nameOf(signingOut) : "" })
        }
        body={signingOut === "others" ? t("sessions.sign-out-others-body") : t("sessions.sign-out-body")}
        confirmLabel={t("sessions.sign-out")}
        onConfirm={confirm}
      />
    </SettingGroup>
  );
}
