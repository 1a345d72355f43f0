// Settings › My account › Where you're signed in: each browser signed in to the account (its browser and system
// from the User-Agent, address, sign-in and last activity), this one marked, with sign out for one or all others.
import type { Session } from "@memos/common";
import { Bot, LogOut, Monitor, Smartphone, Tablet, Tv } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionMutations, useSessions } from "../../queries/sessions";
import { toast } from "../../state/toast";
import { formatDate } from "../../utils/time";
import { Button, IconButton } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { SettingsListCard } from "./SettingsListCard";

const DEVICE_ICONS = { desktop: Monitor, mobile: Smartphone, tablet: Tablet, tv: Tv, bot: Bot } as const;

/** "Firefox 128 on Linux", or as much of it as the User-Agent told. */
function useSessionName() {
  const { t } = useTranslation();
  return (session: Session): string => {
    const browser = session.browser ?? t("sessions.unknown-browser");
    return session.os ? t("sessions.browser-on-os", { browser, os: session.os }) : browser;
  };
}

export function SessionsCard() {
  const { t, i18n } = useTranslation();
  const sessions = useSessions();
  const { revoke, revokeOthers } = useSessionMutations();
  const nameOf = useSessionName();
  const when = (seconds: number) => formatDate(seconds * 1000, i18n.language, "date-time");
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
    <SettingsListCard
      title={t("sessions.title")}
      description={t("sessions.hint")}
      actions={
        others.length > 0 ? (
          <Button icon={<LogOut className="size-4" aria-hidden />} onClick={() => setSigningOut("others")}>
            {t("sessions.sign-out-others")}
          </Button>
        ) : null
      }
      list={sessions}
      rowTestId="session-row"
      itemKey={(session) => session.id}
      row={(session) => {
        const name = nameOf(session);
        const Icon = DEVICE_ICONS[session.deviceType ?? "desktop"];
        return {
          icon: <Icon aria-hidden />,
          name,
          nameHint: session.userAgent,
          badges: session.current ? (
            <span className="rounded-md bg-green-600/10 px-1.5 py-0.5 text-xs text-green-800 dark:bg-green-500/15 dark:text-green-300">
              {t("sessions.this-device")}
            </span>
          ) : null,
          details: [
            `${session.address ? `${session.address} · ` : ""}${t("sessions.last-active", { date: when(session.lastActiveTs) })}`,
            t("sessions.signed-in", { date: when(session.createdTs) }),
          ],
          actions: session.current ? null : (
            <IconButton label={t("sessions.sign-out-named", { name })} onClick={() => setSigningOut(session)}>
              <LogOut className="size-4" aria-hidden />
            </IconButton>
          ),
        };
      }}
    >
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
    </SettingsListCard>
  );
}
