// "Your data": downloads the caller's export (My account) or, for the host, the whole instance (System), with
// the bytes received so far while the archive arrives; in My account, "Import…" beside it (ImportDialog).
import type { ExportScope } from "@memos/common";
import { Download, Upload } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useExportDownload } from "../../queries/export";
import { errorMessage } from "../../api/errorMessage";
import { toast } from "../../state/toast";
import { Button } from "../ui/Button";
import { Spinner } from "../ui/Spinner";
import { ImportDialog } from "./ImportDialog";
import { SettingGroup, SettingRow } from "./controls";
import { formatBytes } from "../../utils/number";

export function ExportDataCard({ scope }: { scope: ExportScope }) {
  const { t, i18n } = useTranslation();
  const { start, running, received } = useExportDownload();
  const prefix = scope === "instance" ? "setting.export.instance" : "setting.export.user";
  const [importing, setImporting] = useState(false);

  const run = async () => {
    try {
      const filename = await start(scope);
      if (filename) toast.success(t("setting.export.done", { filename }));
    } catch (error) {
      toast.error(errorMessage(error, t));
    }
  };

  return (
    <SettingGroup title={t("setting.export.title")}>
      <SettingRow label={t(`${prefix}-label`)} hint={t(`${prefix}-hint`)}>
        {running ? (
          <span role="status" aria-live="polite" className="text-sm text-zinc-600 tabular-nums dark:text-zinc-300">
            {t("setting.export.received", { size: formatBytes(received, i18n.language) })}
          </span>
        ) : null}
        <Button
          icon={running ? <Spinner className="size-4" /> : <Download className="size-4" aria-hidden />}
          disabled={running !== null}
          onClick={() => void run()}
        >
          {t(`${prefix}-button`)}
        </Button>
      </SettingRow>
      {scope === "user" ? (
        <SettingRow label={t("import.label")} hint={t("import.row-hint")}>
          <Button icon={<Upload className="size-4" aria-hidden />} onClick={() => setImporting(true)}>
            {t("import.button")}
          </Button>
          <ImportDialog open={importing} onClose={() => setImporting(false)} />
        </SettingRow>
      ) : null}
    </SettingGroup>
  );
}
