// Recovery codes, shown once: the list, copy, and download as a .txt file.
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { saveBlob } from "../../api/download";
import { CopyButton } from "../ui/CopyButton";
import { Button } from "../ui/Button";

export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const text = `${codes.join("\n")}\n`;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("two-factor.codes-hint")}</p>
      <ul
        data-testid="recovery-codes"
        className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg border border-zinc-200 bg-zinc-50 p-3 font-mono text-sm text-zinc-800 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={text} label={t("two-factor.copy-codes")} />
        <Button
          icon={<Download className="size-4" aria-hidden />}
          onClick={() => saveBlob(new Blob([text], { type: "text/plain" }), "memos-recovery-codes.txt")}
        >
          {t("two-factor.download")}
        </Button>
      </div>
    </div>
  );
}
