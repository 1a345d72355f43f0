// The top of the sidebar: the user's avatar (or initial) and name with a badge for the host and admins (the role's name, as Settings says it), the menu, and the counts of
// memos, tags and days (compact from 10,000: 501K). Signed-out visitors away from /u/:id see the instance's name
// instead.
import { isAdminRole, type User } from "@memos/common";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMemoAmount, useTags } from "../../queries/sidebar";
import { useStatus } from "../../queries/session";
import { formatCount } from "../../utils/number";
import { daysSince } from "../../utils/time";
import { UserMenu } from "./UserMenu";
import { InboxBell } from "./InboxBell";
import { useDialogs } from "../../state/dialogs";
import { InstanceLogo } from "../ui/InstanceLogo";

interface UserBannerProps {
  user: User | null;
  me: User | null;
  visitor: boolean;
}

/** `onOpen`: the count is also a button (the days open the calendar). */
function Count({ value, label, onOpen, openLabel }: { value: number | undefined; label: string; onOpen?: () => void; openLabel?: string }) {
  const { i18n } = useTranslation();
  const count = value === undefined ? undefined : formatCount(value, i18n.language);
  const shown = count?.shown ?? "–";
  return (
    <div className="flex min-w-0 flex-col-reverse">
      <dt className="truncate text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd
        title={count && count.shown !== count.exact ? count.exact : undefined}
        className="truncate text-xl font-semibold text-zinc-800 tabular-nums dark:text-zinc-100"
      >
        {onOpen ? (
          <button
            type="button"
            aria-haspopup="dialog"
            aria-label={`${shown} ${label} – ${openLabel}`}
            onClick={onOpen}
            className="-mx-1 rounded px-1 underline decoration-zinc-300 decoration-dotted underline-offset-4 hover:bg-zinc-200/70 max-lg:min-h-10 max-lg:min-w-10 dark:decoration-zinc-600 dark:hover:bg-zinc-800"
          >
            {shown}
          </button>
        ) : (
          shown
        )}
      </dd>
    </div>
  );
}

function Counts({ user, showTags }: { user: User; showTags: boolean }) {
  const { t } = useTranslation();
  const { data: memoCount } = useMemoAmount(user.id);
  const { data: tags } = useTags(showTags);
  const tagCount = tags?.length;
  const days = daysSince(user.createdTs);
  const push = useDialogs((state) => state.push);
  return (
    <dl className={`grid gap-2 px-2 ${showTags ? "grid-cols-3" : "grid-cols-2"}`}>
      <Count value={memoCount} label={t("sidebar.memos", { count: memoCount ?? 0 })} />
      {showTags ? <Count value={tagCount} label={t("sidebar.tags", { count: tagCount ?? 0 })} /> : null}
      <Count
        value={days}
        label={t("sidebar.days", { count: days })}
        {...(showTags ? { onOpen: () => push("calendar"), openLabel: t("calendar.open") } : {})}
      />
    </dl>
  );
}

export function UserBanner({ user, me, visitor }: UserBannerProps) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const profile = status?.customizedProfile;
  const name = user ? user.nickname || user.username : profile?.name || "memos";
  const home = user ? (visitor ? `/u/${user.id}` : "/") : "/explore";

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-2 pl-2">
        {user?.avatarUrl ? (
          <img src={user.avatarUrl} alt="" aria-hidden className="size-9 shrink-0 rounded-full object-cover" />
        ) : user ? (
          <span
            aria-hidden
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-green-600/10 text-base font-semibold text-accent uppercase dark:bg-green-500/15 dark:text-green-400"
          >
            {name.slice(0, 1)}
          </span>
        ) : (
          <InstanceLogo src={profile?.logoUrl} className="size-9 shrink-0 rounded-lg" />
        )}
        <div className="flex min-w-0 flex-1 items-center gap-1.5">
          <Link to={home} className="truncate text-base font-semibold max-sm:py-2 text-zinc-800 hover:underline dark:text-zinc-100">
            {name}
          </Link>
          {user && isAdminRole(user.role) ? (
            <span className="shrink-0 rounded border border-zinc-300 px-1 text-[10px] leading-4 font-semibold tracking-wide text-zinc-600 dark:border-zinc-600 dark:text-zinc-400">
              {t(`setting.role.${user.role}`)}
            </span>
          ) : null}
        </div>
        {user && me && !visitor ? <InboxBell /> : null}
        <UserMenu me={me} />
      </div>
      {user ? <Counts user={user} showTags={!visitor && me !== null} /> : null}
    </div>
  );
}
