// My account: who I am (nickname, username, email, role), editing it, changing the password, two-factor sign-in, passkeys,
// where I am signed in, personal access tokens, webhooks, the Open API, and exporting my data.
import type { User } from "@memos/common";
import { KeyRound, Pencil } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/Button";
import { ChangePasswordDialog } from "./ChangePasswordDialog";
import { RoleBadge } from "./RoleBadge";
import { OpenApiCard } from "./OpenApiCard";
import { AccessTokensCard } from "./AccessTokensCard";
import { TwoFactorCard } from "../TwoFactor/TwoFactorCard";
import { PasskeysCard } from "../Passkeys/PasskeysCard";
import { SessionsCard } from "./SessionsCard";
import { WebhooksCard } from "./WebhooksCard";
import { LinkedIdentitiesCard } from "./LinkedIdentitiesCard";
import { ExportDataCard } from "./ExportDataCard";
import { SettingGroup } from "./controls";
import { UpdateAccountDialog } from "./UpdateAccountDialog";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-baseline gap-3 border-b border-zinc-100 px-3 py-2.5 last:border-b-0 dark:border-zinc-700/70">
      <dt className="w-24 shrink-0 text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 truncate text-sm text-zinc-800 dark:text-zinc-100">{children}</dd>
    </div>
  );
}

export function MyAccountSection({ me }: { me: User }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<"account" | "password" | null>(null);
  const name = me.nickname || me.username;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-3">
        <span
          aria-hidden
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-green-600/10 text-lg font-semibold text-green-700 uppercase dark:bg-green-500/15 dark:text-green-400"
        >
          {name.slice(0, 1)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-2 truncate text-base font-semibold text-zinc-800 dark:text-zinc-100">
            <span className="truncate">{name}</span>
            <RoleBadge role={me.role} />
          </p>
          <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">@{me.username}</p>
        </div>
      </div>

      <SettingGroup
        title={t("setting.account.profile")}
        actions={
          <div className="flex gap-2">
            <Button icon={<Pencil className="size-4" aria-hidden />} onClick={() => setDialog("account")}>
              {t("common.edit")}
            </Button>
            <Button icon={<KeyRound className="size-4" aria-hidden />} onClick={() => setDialog("password")}>
              {t("setting.account.change-password")}
            </Button>
          </div>
        }
      >
        <dl>
          <Detail label={t("setting.account.nickname")}>
            {me.nickname || <span className="text-zinc-600 dark:text-zinc-400">—</span>}
          </Detail>
          <Detail label={t("common.username")}>{me.username}</Detail>
          <Detail label={t("setting.account.email")}>
            {me.email || <span className="text-zinc-600 dark:text-zinc-400">{t("setting.account.no-email")}</span>}
          </Detail>
        </dl>
      </SettingGroup>

      <TwoFactorCard />
      <PasskeysCard />
      <SessionsCard />
      <LinkedIdentitiesCard />

      <AccessTokensCard />

      <WebhooksCard />

      <OpenApiCard user={me} />

      <ExportDataCard scope="user" />

      <UpdateAccountDialog open={dialog === "account"} user={me} onClose={() => setDialog(null)} />
      <ChangePasswordDialog open={dialog === "password"} user={me} onClose={() => setDialog(null)} />
    </div>
  );
}
