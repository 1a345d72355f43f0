// System (host and admins): the customized profile, the database (size, vacuum; the host also sees the rolling
// backups), the instance settings' General rows (InstanceSettingRows, drawn from the settings table), single sign-on,
// memo history and the trash, and the additional style and script. Every save refetches the status so the change
// applies at once.
import type { BackupStatus, User } from "@memos/common";
import { Database, Pencil } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../utils/number";
import { formatDate } from "../../utils/time";
import { useVacuumMutation } from "../../queries/settings";
import { useStatus } from "../../queries/session";
import { toast } from "../../state/toast";
import { Button } from "../ui/Button";
import { Spinner } from "../ui/Spinner";
import { canEditPageCode, canExportInstance } from "./access";
import { CodeSettingEditor } from "./CodeSettingEditor";
import { SettingGroup, SettingRow } from "./controls";
import { CustomizedProfileDialog } from "./CustomizedProfileDialog";
import { ExportDataCard } from "./ExportDataCard";
import { HistorySettingsGroup } from "./HistorySettingsGroup";
import { IdentityProvidersCard } from "./IdentityProvidersCard";
import { InstanceSettingRows } from "./InstanceSettingRows";
import { LANGUAGE_NAMES } from "../layout/preferenceOptions";
import { isLocale } from "../../i18n";
import { InstanceLogo } from "../ui/InstanceLogo";

export function SystemSection({ me }: { me: User }) {
  const { t, i18n } = useTranslation();
  const { data: status, isPending } = useStatus();
  const vacuum = useVacuumMutation();
  const [editingProfile, setEditingProfile] = useState(false);

  if (isPending || !status) {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }
  const profile = status.customizedProfile;

  const runVacuum = async () => {
    try {
      await vacuum.mutateAsync();
      toast.success(t("message.vacuum-succeed"));
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  const locale = isLocale(profile.locale) ? LANGUAGE_NAMES[profile.locale] : LANGUAGE_NAMES.en;
  const appearance = t(`setting.appearance-option.${["light", "dark"].includes(profile.appearance) ? profile.appearance : "system"}`);
  return (
    <div className="flex flex-col gap-5">
      <SettingGroup
        title={t("setting.system.profile-title")}
        actions={
          <Button icon={<Pencil className="size-4" aria-hidden />} onClick={() => setEditingProfile(true)}>
            {t("common.edit")}
          </Button>
        }
      >
        <div className="flex items-center gap-3 p-3">
          <InstanceLogo
            src={profile.logoUrl}
            className="size-10 shrink-0 rounded-lg border border-zinc-200 object-cover dark:border-zinc-700"
          />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-zinc-800 dark:text-zinc-100">{profile.name || "memos"}</p>
            <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">{profile.description || t("setting.system.no-description")}</p>
            <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">
              {locale} · {appearance}
              {profile.externalUrl ? ` · ${profile.externalUrl}` : ""}
            </p>
          </div>
        </div>
      </SettingGroup>

      <SettingGroup title={t("setting.system.general")}>
        <SettingRow label={t("setting.system.database-size")} hint={t("setting.system.vacuum-hint")}>
          <span className="text-sm text-zinc-600 tabular-nums dark:text-zinc-300">{formatBytes(status.dbSize, i18n.language)}</span>
          <Button
            icon={vacuum.isPending ? <Spinner className="size-4" /> : <Database className="size-4" aria-hidden />}
            disabled={vacuum.isPending}
            onClick={() => void runVacuum()}
          >
            {t("setting.system.vacuum")}
          </Button>
        </SettingRow>
        {status.backup && <BackupRow backup={status.backup} />}
        {status.backup && (
          <SettingRow label={t("storage.uploads")} hint={t("storage.uploads-hint")}>
            <span className="text-right text-sm text-zinc-600 dark:text-zinc-300" data-testid="storage-mode">
              {t(status.backup.storage === "local" ? "storage.local" : "storage.db")}
            </span>
          </SettingRow>
        )}
        <InstanceSettingRows status={status} />
      </SettingGroup>

      <IdentityProvidersCard />

      <HistorySettingsGroup status={status} />

      <SettingGroup title={t("setting.system.customization")}>
        <CodeSettingEditor
          name="additionalStyle"
          label={t("setting.system.additional-style")}
          hint={t("setting.system.additional-style-hint")}
          placeholder={"body {\n  font-size: 16px;\n}"}
          saved={status.additionalStyle}
          successMessage={t("message.style-updated")}
          readOnlyReason={canEditPageCode(me.role) ? undefined : t("setting.system.style-host-only")}
        />
        <CodeSettingEditor
          name="additionalScript"
          label={t("setting.system.additional-script")}
          hint={t("setting.system.additional-script-hint")}
          placeholder={'console.log("Hello, memos");'}
          saved={status.additionalScript}
          successMessage={t("message.script-updated")}
          readOnlyReason={canEditPageCode(me.role) ? undefined : t("setting.system.script-host-only")}
        />
      </SettingGroup>

      {canExportInstance(me.role) ? <ExportDataCard scope="instance" /> : null}

      <CustomizedProfileDialog open={editingProfile} profile={profile} onClose={() => setEditingProfile(false)} />
    </div>
  );
}

/** "24 hours", "7 days", "30 minutes" in the reader's language. */
function formatInterval(seconds: number, locale: string): string {
  const [value, unit] =
    seconds % 86_400 === 0
      ? [seconds / 86_400, "day"]
      : seconds % 3600 === 0
        ? [seconds / 3600, "hour"]
        : [Math.round(seconds / 60), "minute"];
  try {
    return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(value);
  } catch {
    return `${value} ${unit}`;
  }
}

/** The host's view of the rolling backups: the schedule, the newest backup, the last failure. */
function BackupRow({ backup }: { backup: BackupStatus }) {
  const { t, i18n } = useTranslation();
  const schedule =
    backup.engine === "postgres"
      ? t("setting.system.backup-postgres")
      : backup.everySeconds === null
        ? t("setting.system.backup-off")
        : t("setting.system.backup-schedule", { every: formatInterval(backup.everySeconds, i18n.language), keep: backup.keep });
  const last =
    backup.lastTs === null
      ? t("setting.system.backup-none")
      : t("setting.system.backup-last", {
          time: formatDate(backup.lastTs * 1000, i18n.language, "date-time"),
          size: formatBytes(backup.lastSize ?? 0, i18n.language),
        });
  return (
    <SettingRow label={t("setting.system.backups")} hint={t("setting.system.backups-hint")}>
      <div className="flex flex-col items-end gap-0.5 text-right text-sm text-zinc-600 dark:text-zinc-300" data-testid="backup-status">
        <span>{schedule}</span>
        {backup.engine === "sqlite" && <span className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">{last}</span>}
        {backup.lastError && (
          <span role="alert" className="text-xs text-red-600 dark:text-red-400">
            {t("setting.system.backup-failed", { error: backup.lastError })}
          </span>
        )}
      </div>
    </SettingRow>
  );
}
