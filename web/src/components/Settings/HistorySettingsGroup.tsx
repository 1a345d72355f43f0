// Settings › System › Memo history and trash (host and admins): whether memos keep their versions and for how
// long (every version, then one a day, then one a month), and how many days a deleted memo stays in the trash.
import type { SystemStatus } from "@memos/common";
// The schemas' own module: the rest of common's schemas stay out of the settings' chunk.
import { type MemoHistorySetting, memoHistorySettingSchema, trashRetentionSchema } from "@memos/common/domain/history";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSystemSettingMutation } from "../../queries/settings";
import { toast } from "../../state/toast";
import { Button } from "../ui/Button";
import { SettingGroup, SettingRow } from "./controls";
import { Switch } from "../ui/Switch";

const NUMBER_INPUT =
  "h-8 w-20 rounded-lg border border-zinc-300 bg-white px-2 text-right text-sm tabular-nums text-zinc-900 max-sm:h-10 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100";

export function HistorySettingsGroup({ status }: { status: SystemStatus }) {
  const { t } = useTranslation();
  const save = useSystemSettingMutation();
  const historyLabel = useId();
  const keepAllId = useId();
  const dailyId = useId();
  const trashId = useId();
  const [keepAll, setKeepAll] = useState(String(status.memoHistory.keepAllDays));
  const [daily, setDaily] = useState(String(status.memoHistory.dailyDays));
  const [trashDays, setTrashDays] = useState(String(status.trashRetentionDays));

  const history: MemoHistorySetting = { ...status.memoHistory, keepAllDays: Number(keepAll), dailyDays: Number(daily) };
  const windowsValid = keepAll.trim() !== "" && daily.trim() !== "" && memoHistorySettingSchema.safeParse(history).success;
  const trashValid = trashDays.trim() !== "" && trashRetentionSchema.safeParse(Number(trashDays)).success;
  const changed =
    history.keepAllDays !== status.memoHistory.keepAllDays ||
    history.dailyDays !== status.memoHistory.dailyDays ||
    Number(trashDays) !== status.trashRetentionDays;

  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
      toast.success(t("setting.history.saved"));
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  const saveNumbers = () =>
    run(async () => {
      await save.mutateAsync({ name: "memoHistory", value: history });
      await save.mutateAsync({ name: "trashRetentionDays", value: Number(trashDays) });
    });

  return (
    <SettingGroup title={t("setting.history.title")}>
      <SettingRow label={t("setting.history.keep")} hint={t("setting.history.keep-hint")} labelId={historyLabel}>
        <Switch
          checked={status.memoHistory.enabled}
          disabled={save.isPending}
          onChange={(enabled) => void run(() => save.mutateAsync({ name: "memoHistory", value: { ...status.memoHistory, enabled } }))}
          labelledBy={historyLabel}
        />
      </SettingRow>
      <SettingRow label={t("setting.history.keep-all-days")} htmlFor={keepAllId}>
        <input
          id={keepAllId}
          type="number"
          min={0}
          inputMode="numeric"
          value={keepAll}
          onChange={(event) => setKeepAll(event.target.value)}
          disabled={!status.memoHistory.enabled}
          aria-invalid={!windowsValid || undefined}
          className={NUMBER_INPUT}
        />
      </SettingRow>
      <SettingRow label={t("setting.history.daily-days")} hint={t("setting.history.daily-days-hint")} htmlFor={dailyId}>
        <input
          id={dailyId}
          type="number"
          min={0}
          inputMode="numeric"
          value={daily}
          onChange={(event) => setDaily(event.target.value)}
          disabled={!status.memoHistory.enabled}
          aria-invalid={!windowsValid || undefined}
          className={NUMBER_INPUT}
        />
      </SettingRow>
      <SettingRow label={t("setting.history.trash-days")} hint={t("setting.history.trash-days-hint")} htmlFor={trashId}>
        <input
          id={trashId}
          type="number"
          min={1}
          inputMode="numeric"
          value={trashDays}
          onChange={(event) => setTrashDays(event.target.value)}
          aria-invalid={!trashValid || undefined}
          className={NUMBER_INPUT}
        />
      </SettingRow>
      {changed ? (
        <div className="flex items-center justify-end gap-3 px-3 py-2.5">
          {!windowsValid || !trashValid ? (
            <p role="alert" className="text-xs text-red-600 dark:text-red-400">
              {t("setting.history.invalid")}
            </p>
          ) : null}
          <Button variant="primary" onClick={() => void saveNumbers()} disabled={save.isPending || !windowsValid || !trashValid}>
            {t("common.save")}
          </Button>
        </div>
      ) : null}
    </SettingGroup>
  );
}
