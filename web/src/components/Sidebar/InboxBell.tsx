// The bell beside the user menu: the inbox's unread count (99+ past 99), opening the inbox dialog.
import { Bell } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useUnreadCount } from "../../queries/inbox";
import { useDialogs } from "../../state/dialogs";

export function InboxBell() {
  const { t } = useTranslation();
  const { data: unread = 0 } = useUnreadCount(true);
  const push = useDialogs((state) => state.push);
  const shown = unread > 99 ? "99+" : String(unread);
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-label={unread > 0 ? t("inbox.bell-unread", { count: unread }) : t("inbox.title")}
      onClick={() => push("inbox")}
      className="relative flex size-10 shrink-0 items-center justify-center rounded-lg text-zinc-600 transition-colors duration-200 hover:bg-zinc-200/70 lg:size-8 dark:text-zinc-400 dark:hover:bg-zinc-800"
    >
      <Bell className="size-[18px]" aria-hidden />
      {unread > 0 ? (
        <span
          aria-hidden
          className="absolute top-0.5 right-0.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 font-semibold text-white lg:-top-0.5 lg:-right-0.5"
        >
          {shown}
        </span>
      ) : null}
    </button>
  );
}
