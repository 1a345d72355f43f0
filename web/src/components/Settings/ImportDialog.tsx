// "Import…": pick a zip, see what the server finds in it (a dry run: the kind of archive, what would be added and
// its first memos, what is already here, the problems), then import it with the upload's progress, and see the result.
import type { ImportResult } from "@memos/common";
import { FileArchive, Paperclip, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../utils/time";
import { useImportArchive } from "../../queries/import";
import { errorMessage } from "../../api/errorMessage";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { ProgressBar } from "../ui/ProgressBar";
import { Spinner } from "../ui/Spinner";

type Step =
  | { at: "pick" }
  | { at: "checking" | "importing"; file: File; fraction: number }
  | { at: "preview" | "done"; file: File; result: ImportResult }
  | { at: "failed"; file: File; message: string };

/** The counts, then (in a preview) the first memos found, then the problems. */
function Summary({ result, withFirstMemos = false }: { result: ImportResult; withFirstMemos?: boolean }) {
  const { t } = useTranslation();
  const rows: Array<[string, number]> = [
    [t("import.memos"), result.memos],
    [t("import.attachments"), result.attachments],
    [t("import.shortcuts"), result.shortcuts],
    [t("import.skipped"), result.skipped],
  ];
  const more = result.problemCount - result.problems.length;
  return (
    <div className="space-y-3 text-sm">
      <p>
        <span className="text-zinc-500 dark:text-zinc-400">{t("import.kind")} </span>
        <strong data-testid="import-kind">{t(`import.kinds.${result.kind}`)}</strong>
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg border border-zinc-200 px-3 py-2 sm:grid-cols-4 dark:border-zinc-700">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
            <dd className="text-base font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {withFirstMemos ? <FirstMemos result={result} /> : null}
      {result.problemCount > 0 ? (
        <div>
          <p className="mb-1 font-medium text-amber-700 dark:text-amber-400">{t("import.problems", { n: result.problemCount })}</p>
          <ul className="max-h-48 space-y-1 overflow-y-auto text-xs">
            {result.problems.map((problem, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once shown; a file may have several problems
              <li key={index} className="break-words">
                <code className="text-zinc-700 dark:text-zinc-200">{problem.file}</code>
                <span className="text-zinc-500 dark:text-zinc-400"> — {problem.reason}</span>
              </li>
            ))}
          </ul>
          {more > 0 ? <p className="mt-1 text-xs text-zinc-500">{t("import.more-problems", { n: more })}</p> : null}
        </div>
      ) : null}
    </div>
  );
}

/** The first memos the import would add: their first line, date and files, so the archive can be recognised. */
function FirstMemos({ result }: { result: ImportResult }) {
  const { t, i18n } = useTranslation();
  if (result.firstMemos.length === 0) return null;
  const more = result.memos - result.firstMemos.length;
  return (
    <div>
      <h4 id="import-first-memos" className="mb-1 font-medium">
        {t("import.first-memos")}
      </h4>
      <ul
        aria-labelledby="import-first-memos"
        data-testid="import-first-memos"
        className="max-h-56 divide-y divide-zinc-100 overflow-y-auto rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-700"
      >
        {result.firstMemos.map((memo) => (
          <li key={memo.file} className="flex items-baseline gap-2 px-3 py-1.5" title={memo.file}>
            <span className={`min-w-0 flex-1 truncate ${memo.title ? "" : "text-zinc-500 italic dark:text-zinc-400"}`}>
              {memo.title || t("import.no-text")}
            </span>
            {memo.attachments > 0 ? (
              <span
                className="flex shrink-0 items-center gap-0.5 text-xs text-zinc-500 tabular-nums dark:text-zinc-400"
                role="img"
                aria-label={t("import.attachment-count", { n: memo.attachments })}
              >
                <Paperclip className="size-3" aria-hidden />
                {memo.attachments}
              </span>
            ) : null}
            <time
              className="shrink-0 text-xs text-zinc-500 tabular-nums dark:text-zinc-400"
              dateTime={new Date(memo.createdTs * 1000).toISOString()}
            >
              {formatDate(memo.createdTs * 1000, i18n.language, "date")}
            </time>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{t("import.more-memos", { n: more })}</p> : null}
    </div>
  );
}

export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ at: "pick" });
  const fileInput = useRef<HTMLInputElement>(null);
  const importArchive = useImportArchive();
  const busy = step.at === "checking" || step.at === "importing";

  const run = async (file: File, dryRun: boolean) => {
    const at = dryRun ? "checking" : "importing";
    setStep({ at, file, fraction: 0 });
    try {
      const result = await importArchive.mutateAsync({ file, dryRun, onProgress: (fraction) => setStep({ at, file, fraction }) });
      setStep({ at: dryRun ? "preview" : "done", file, result });
    } catch (error) {
      setStep({ at: "failed", file, message: errorMessage(error, t) });
    }
  };

  const close = () => {
    if (busy) return;
    setStep({ at: "pick" });
    onClose();
  };

  const nothingNew = step.at === "preview" && step.result.memos + step.result.attachments + step.result.shortcuts === 0;
  const footer = (
    <>
      <Button variant="ghost" onClick={close} disabled={busy}>
        {step.at === "done" ? t("common.close") : t("common.cancel")}
      </Button>
      {step.at === "preview" ? (
        <Button
          variant="primary"
          icon={<Upload className="size-4" aria-hidden />}
          disabled={nothingNew}
          onClick={() => void run(step.file, false)}
        >
          {t("import.confirm")}
        </Button>
      ) : null}
    </>
  );

  return (
    <Dialog open={open} onClose={close} title={t("import.title")} footer={footer}>
      <div className="space-y-4">
        <p className="text-sm text-zinc-600 dark:text-zinc-300">{t("import.hint")}</p>
        {step.at === "pick" || step.at === "failed" || step.at === "preview" ? (
          <div className="flex flex-wrap items-center gap-2">
            <Button icon={<FileArchive className="size-4" aria-hidden />} onClick={() => fileInput.current?.click()} data-autofocus>
              {step.at === "pick" ? t("import.choose") : t("import.choose-other")}
            </Button>
            {step.at !== "pick" ? <span className="truncate text-sm text-zinc-500 dark:text-zinc-400">{step.file.name}</span> : null}
            <input
              ref={fileInput}
              type="file"
              accept=".zip,application/zip"
              hidden
              aria-label={t("import.choose")}
              data-testid="import-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) void run(file, true);
              }}
            />
          </div>
        ) : null}
        {step.at === "checking" || step.at === "importing" ? (
          <div role="status" aria-live="polite" className="space-y-2 text-sm">
            <p className="flex items-center gap-2">
              <Spinner className="size-4" />
              {step.fraction < 1
                ? t(step.at === "checking" ? "import.uploading-preview" : "import.uploading", { name: step.file.name })
                : t(step.at === "checking" ? "import.reading" : "import.writing")}
            </p>
            <ProgressBar fraction={step.fraction} label={t("import.progress", { name: step.file.name })} />
          </div>
        ) : null}
        {step.at === "failed" ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {step.message}
          </p>
        ) : null}
        {step.at === "preview" ? (
          <div className="space-y-2">
            <h3 className="text-sm font-semibold">{t("import.preview")}</h3>
            <Summary result={step.result} withFirstMemos />
            {nothingNew ? <p className="text-sm text-zinc-600 dark:text-zinc-300">{t("import.nothing-new")}</p> : null}
          </div>
        ) : null}
        {step.at === "done" ? (
          <div className="space-y-2" role="status">
            <h3 className="text-sm font-semibold text-green-700 dark:text-green-400">{t("import.done", { count: step.result.memos })}</h3>
            <Summary result={step.result} />
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
