// Memo menu › Share link (the author's): make a private link `/s/<token>` with an expiry, shown this once to copy;
// and the memo's live links with when each was made, expires and was last opened, each with Copy (while its
// address is known: only links made since the page opened) and Revoke (the link answers 404 at once).
import type { Memo, MemoShare } from "@memos/common";
import { Link2, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessage";
import { knownShareUrl, shareAddress, useMemoShares, useShareMutations } from "../../queries/shares";
import { toast } from "../../state/toast";
import { formatDate, formatFullTime } from "../../utils/time";
import { CopyButton } from "../ui/CopyButton";
import { TEXT_INPUT_CLASS } from "../ui/TextInput";
import { expiresTsOf } from "../Settings/integrations";
import { Button, IconButton } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { Spinner } from "../ui/Spinner";

const SHARE_EXPIRIES = ["1", "7", "30", "date", "never"] as const;
type ShareExpiry = (typeof SHARE_EXPIRIES)[number];

const CODE =
  "block min-w-0 flex-1 overflow-x-auto rounded-lg bg-zinc-100 px-2.5 py-2 font-mono text-xs leading-5 break-all text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300";
const LABEL = "text-sm font-medium text-zinc-700 dark:text-zinc-300";

export default function ShareLinksDialog({ memo, onClose }: { memo: Memo; onClose: () => void }) {
  const { t } = useTranslation();
  const shares = useMemoShares(memo.id);
  const { create, revoke } = useShareMutations(memo.id);
  const [expiry, setExpiry] = useState<ShareExpiry>("7");
  const [date, setDate] = useState("");
  const [dateProblem, setDateProblem] = useState(false);
  const [made, setMade] = useState<string | null>(null);
  const expiryId = useId();
  const dateId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const expiresTs = expiresTsOf(expiry, date);
    if (expiresTs === null) return setDateProblem(true);
    try {
      const created = await create.mutateAsync(expiresTs);
      setMade(shareAddress(created.url));
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  const revokeLink = async (share: MemoShare) => {
    const url = knownShareUrl(share.id);
    try {
      await revoke.mutateAsync(share.id);
      if (url !== undefined && made === url) setMade(null);
      toast.success(t("share-link.revoked"));
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  const expiryLabels: Record<ShareExpiry, string> = {
    "1": t("share-link.expiry-day"),
    "7": t("share-link.expiry-days", { days: 7 }),
    "30": t("share-link.expiry-days", { days: 30 }),
    date: t("share-link.expiry-date"),
    never: t("share-link.expiry-never"),
  };

  return (
    <Dialog open onClose={onClose} title={t("share-link.title")}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("share-link.hint")}</p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("share-link.lifetime")}</p>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={expiryId} className={LABEL}>
              {t("share-link.expiry")}
            </label>
            <select
              id={expiryId}
              value={expiry}
              onChange={(event) => {
                setExpiry(event.target.value as ShareExpiry);
                setDateProblem(false);
              }}
              className={`${TEXT_INPUT_CLASS} min-h-10 dark:[color-scheme:dark]`}
            >
              {SHARE_EXPIRIES.map((value) => (
                <option key={value} value={value}>
                  {expiryLabels[value]}
                </option>
              ))}
            </select>
          </div>
          {expiry === "date" ? (
            <div className="flex flex-col gap-1">
              <label htmlFor={dateId} className={LABEL}>
                {t("share-link.expiry-date")}
              </label>
              <input
                id={dateId}
                type="date"
                value={date}
                onChange={(event) => {
                  setDate(event.target.value);
                  setDateProblem(false);
                }}
                aria-invalid={dateProblem ? true : undefined}
                className={`${TEXT_INPUT_CLASS} min-h-10 dark:[color-scheme:dark] ${dateProblem ? "border-red-500 dark:border-red-500" : ""}`}
              />
            </div>
          ) : null}
          <Button type="submit" variant="primary" disabled={create.isPending} icon={<Link2 className="size-4" aria-hidden />}>
            {t("share-link.create")}
          </Button>
          {dateProblem ? (
            <p role="alert" className="w-full text-xs text-red-600 dark:text-red-400">
              {t("share-link.date-invalid")}
            </p>
          ) : null}
        </form>
        {made ? (
          <div className="flex flex-col gap-2">
            <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
              {t("share-link.shown-once")}
            </p>
            <div className="flex items-center gap-2">
              <code data-testid="new-share-link" className={CODE}>
                {made}
              </code>
              <CopyButton text={made} label={t("share-link.copy")} />
            </div>
          </div>
        ) : null}
        <section aria-labelledby={`${expiryId}-live`} className="flex flex-col gap-1">
          <h3 id={`${expiryId}-live`} className={LABEL}>
            {t("share-link.live")}
          </h3>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("share-link.copy-hint")}</p>
          {shares.isPending ? (
            <div className="flex justify-center py-4">
              <Spinner />
            </div>
          ) : shares.isError ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {errorMessage(shares.error, t)}
            </p>
          ) : shares.data.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("share-link.none")}</p>
          ) : (
            <ul className="rounded-lg border border-zinc-200 dark:border-zinc-700">
              {shares.data.map((share) => (
                <ShareRow key={share.id} share={share} busy={revoke.isPending && revoke.variables === share.id} onRevoke={revokeLink} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </Dialog>
  );
}

function ShareRow({ share, busy, onRevoke }: { share: MemoShare; busy: boolean; onRevoke: (share: MemoShare) => void }) {
  const { t, i18n } = useTranslation();
  const day = (seconds: number) => formatDate(seconds * 1000, i18n.language, "date");
  const url = knownShareUrl(share.id);
  const created = day(share.createdTs);
  return (
    <li
      data-testid="share-link-row"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-zinc-100 px-3 py-2 last:border-b-0 dark:border-zinc-700/70"
    >
      <div className="min-w-0 flex-1 text-xs text-zinc-600 dark:text-zinc-400">
        <p className="text-sm text-zinc-800 dark:text-zinc-100">
          {t("share-link.created-on", { date: created })} ·{" "}
          {share.expiresTs === null ? t("share-link.no-expiry") : t("share-link.expires-on", { date: day(share.expiresTs) })}
        </p>
        <p>
          {t("share-link.last-opened")}:{" "}
          {share.lastOpenedTs === null ? t("share-link.never-opened") : formatFullTime(share.lastOpenedTs * 1000)}
        </p>
      </div>
      <div className="flex items-center gap-1">
        {url ? <CopyButton text={url} label={t("share-link.copy")} /> : null}
        <IconButton label={t("share-link.revoke-named", { date: created })} onClick={() => onRevoke(share)} disabled={busy}>
          <Trash2 className="size-4" aria-hidden />
        </IconButton>
      </div>
    </li>
  );
}
