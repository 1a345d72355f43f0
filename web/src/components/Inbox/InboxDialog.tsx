// The inbox: mentions of the user, reactions and comments on their memos, newest first (reactions to one memo in a
// row shown as one entry), and what happened to the account (its two-factor codes locked by wrong guesses). Opening
// an entry marks it read and goes to the memo (an account's entry: to Settings, where the password is changed);
// "Mark all read" clears the bell.
import { AtSign, MessageSquare, ShieldAlert, SmilePlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useInbox, useMarkRead } from "../../queries/inbox";
import { type StackDialogProps, useDialogs } from "../../state/dialogs";
import { formatFullTime, formatMemoTime } from "../../utils/time";
import { Button } from "../ui/Button";
import { PagedListDialog } from "../ui/PagedListDialog";
import { type InboxEntry, groupInbox, inboxEntryPath, inboxMessageKey, type MemoInboxEntry } from "./inboxGroups";

const ICONS = { mention: AtSign, reaction: SmilePlus, comment: MessageSquare, "two-factor-locked": ShieldAlert } as const;

export default function InboxDialog({ onClose }: StackDialogProps) {
  const { t } = useTranslation();
  const inbox = useInbox();
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const pushDialog = useDialogs((state) => state.push);
  const pages = inbox.data?.pages ?? [];
  const entries = groupInbox(pages.flatMap((page) => page.items));
  const unread = pages[0]?.unread ?? 0;

  const open = (entry: InboxEntry) => {
    const ids = entry.items.filter((item) => !item.read).map((item) => item.id);
    if (ids.length > 0) markRead.mutate({ ids });
    if (entry.kind === "two-factor-locked") pushDialog("setting");
    else navigate(inboxEntryPath(entry));
  };

  return (
    <PagedListDialog
      onClose={onClose}
      title={t("inbox.title")}
      pages={inbox}
      items={entries}
      itemKey={(entry) => entry.items[0]!.id}
      renderItem={(entry) => <Entry entry={entry} onOpen={() => open(entry)} />}
      empty={t("inbox.empty")}
      dense
      footer={
        unread > 0 ? (
          <Button variant="ghost" onClick={() => markRead.mutate({ all: true })} disabled={markRead.isPending}>
            {t("inbox.mark-all-read")}
          </Button>
        ) : undefined
      }
    />
  );
}

function who(entry: MemoInboxEntry, t: ReturnType<typeof useTranslation>["t"]): string {
  const [first, second] = entry.actors;
  if (entry.actors.length === 1) return first!;
  if (entry.actors.length === 2) return t("inbox.two", { first, second });
  return t("inbox.many", { first, count: entry.actors.length - 1 });
}

function Entry({ entry, onOpen }: { entry: InboxEntry; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const Icon = ICONS[entry.kind];
  const ms = entry.createdTs * 1000;
  let what: string;
  let detail: string;
  if (entry.kind === "two-factor-locked") {
    what = t("inbox.two-factor-locked", { time: formatFullTime(entry.lockedUntilTs * 1000) });
    detail = t("inbox.two-factor-locked-hint");
  } else {
    what = t(`inbox.${inboxMessageKey(entry)}`, { who: who(entry, t), emoji: entry.emojis.join(" ") });
    detail = entry.snippet;
  }
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className={`flex w-full items-start gap-3 rounded-xl border px-3 py-2 text-left transition-colors duration-200 hover:bg-zinc-50 dark:hover:bg-zinc-700/40 ${
          entry.read
            ? "border-zinc-200 dark:border-zinc-700"
            : "border-green-600/50 bg-green-50/60 dark:border-green-500/50 dark:bg-green-900/20"
        }`}
      >
        <Icon className="mt-0.5 size-4 shrink-0 text-zinc-600 dark:text-zinc-400" aria-hidden />
        <span className="min-w-0 flex-1">
          <span
            className={`block text-sm ${entry.read ? "text-zinc-700 dark:text-zinc-300" : "font-semibold text-zinc-900 dark:text-zinc-100"}`}
          >
            {what}
            {entry.read ? null : <span className="sr-only"> ({t("inbox.unread")})</span>}
          </span>
          <span className={`block text-sm text-zinc-600 dark:text-zinc-400 ${entry.kind === "two-factor-locked" ? "" : "truncate"}`}>
            {detail}
          </span>
          <time dateTime={new Date(ms).toISOString()} title={formatFullTime(ms)} className="text-xs text-zinc-600 dark:text-zinc-400">
            {formatMemoTime(ms, Date.now(), i18n.language)}
          </time>
        </span>
      </button>
    </li>
  );
}
