// Memo menu › Share link (the author's): make a private link `/s/<token>` with an expiry, shown this once to copy;
// and the memo's live links with when each was made, expires and was last opened, each with Copy (while its
// address is known: only links made since the page opened) and Revoke (the link answers 404 at once).
import type { Memo, MemoShare } from "@memos/common";
import { Link2, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { knownShareUrl, shareAddress, useMemoShares, useShareMutations } from "../../queries/shares";
import { toast } from "../../state/toast";
import { formatDate, formatFullTime } from "../../utils/time";
import { CopyButton } from "../ui/CopyButton";
import { ExpiryField } from "../ui/ExpiryField";
import { type Expiry, expiresTsOf, expiryInDays } from "../ui/expiry";
import { Button, IconButton } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { ListState } from "../ui/ListState";

const SHARE_EXPIRY_DAYS = [1, 7, 30];

const CODE =
  "block min-w-0 flex-1 overflow-x-auto rounded-lg bg-zinc-100 px-2.5 py-2 font-mono text-xs leading-5 break-all text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300";
const LABEL = "text-sm font-medium text-zinc-700 dark:text-zinc-300";

export default function ShareLinksDialog({ memo, onClose }: { memo: Memo; onClose: () => void }) {
  const { t } = useTranslation();
  const shares = useMemoShares(memo.id);
  const { create, revoke } = useShareMutations(memo.id);
  const [expiry, setExpiry] = useState<Expiry>(expiryInDays(7));
  const [dateProblem, setDateProblem] = useState(false);
  const [made, setMade] = useState<string | null>(null);
  const liveId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const expiresTs = expiresTsOf(expiry);
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

  return (
    <Dialog open onClose={onClose} title={t("share-link.title")}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("share-link.hint")}</p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("share-link.lifetime")}</p>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <ExpiryField
            presets={SHARE_EXPIRY_DAYS}
            value={expiry}
            onChange={(value) => {
              setExpiry(value);
              setDateProblem(false);
            }}
            invalid={dateProblem}
          >
            <Button type="submit" variant="primary" disabled={create.isPending} icon={<Link2 className="size-4" aria-hidden />}>
              {t("share-link.create")}
            </Button>
          </ExpiryField>
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
        <section aria-labelledby={liveId} className="flex flex-col gap-1">
          <h3 id={liveId} className={LABEL}>
            {t("share-link.live")}
          </h3>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("share-link.copy-hint")}</p>
          <ListState
            look="card"
            pending={shares.isPending}
            error={shares.error}
            count={shares.data?.length ?? 0}
            empty={t("share-link.none")}
          >
            <ul aria-labelledby={liveId} className="rounded-lg border border-zinc-200 dark:border-zinc-700">
              {shares.data?.map((share) => (
                <ShareRow key={share.id} share={share} busy={revoke.isPending && revoke.variables === share.id} onRevoke={revokeLink} />
              ))}
            </ul>
          </ListState>
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
