// On a memo card: "waiting to sync" while its change is in the outbox, or the conflict that stopped it, with
// the three ways out (keep mine, take theirs, copy mine as a new memo).
import { AlertTriangle, UploadCloud } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/ui/Button";
import { errorMessage, toast } from "../state/toast";
import { localMemos, type Resolution } from "./outbox/plan";
import { resolveConflict, useOutbox } from "./outbox/store";
import type { MemoEntry } from "./outbox/types";

/** The outbox entry that decides how this memo shows: a conflict first, else the latest pending change. */
export function useMemoSync(memoId: number): MemoEntry | undefined {
  return useOutbox((state) => {
    const conflict = state.entries.find(
      (entry): entry is MemoEntry => entry.kind !== "upload" && entry.memoId === memoId && entry.state.status === "conflict",
    );
    return conflict ?? localMemos(state.entries).get(memoId);
  });
}

export function MemoSyncState({ entry }: { entry: MemoEntry }) {
  const { t } = useTranslation();
  if (entry.state.status === "pending") {
    return (
      <span className="inline-flex items-center gap-1 text-amber-700 dark:text-amber-400" data-testid="memo-pending">
        <UploadCloud className="size-3.5" aria-hidden />
        {t("offline.pending")}
      </span>
    );
  }
  return null;
}

export function MemoConflict({ entry }: { entry: MemoEntry }) {
  const { t } = useTranslation();
  if (entry.state.status !== "conflict") return null;
  const { problem, message, theirs } = entry.state;
  const choose = (resolution: Resolution) =>
    resolveConflict(entry.seq, resolution).catch((error: unknown) => toast.error(errorMessage(error)));
  return (
    <div
      role="alert"
      data-testid="memo-conflict"
      className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-2.5 text-sm text-amber-900 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <p className="flex items-start gap-1.5 font-medium">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        {problem === "deleted"
          ? t("offline.conflict-deleted")
          : problem === "changed"
            ? t("offline.conflict-changed")
            : t("offline.conflict-refused", { message })}
      </p>
      {theirs ? (
        <details className="mt-1.5">
          <summary className="cursor-pointer">{t("offline.their-version")}</summary>
          <p className="mt-1 max-h-40 overflow-y-auto whitespace-pre-wrap break-words text-zinc-700 dark:text-zinc-300">{theirs.content}</p>
        </details>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-1.5">
        <Button variant="primary" onClick={() => void choose("keep-mine")}>
          {t("offline.keep-mine")}
        </Button>
        {entry.kind === "change" ? (
          <Button onClick={() => void choose("take-theirs")}>
            {problem === "deleted" ? t("offline.discard-mine") : t("offline.take-theirs")}
          </Button>
        ) : null}
        <Button onClick={() => void choose("copy-mine")}>{t("offline.copy-mine")}</Button>
      </div>
    </div>
  );
}
