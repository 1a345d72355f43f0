// The sidebar: user banner and counts, the usage heat map, navigation, shortcuts and tags.
// On /u/:id (visitor mode) it describes that user and hides shortcuts and tags.
import { Navigation } from "./Navigation";
import { ShortcutList } from "./ShortcutList";
import { TagList } from "./TagList";
import { UsageHeatMap } from "./UsageHeatMap";
import { UserBanner } from "./UserBanner";
import { useSidebarUser } from "./useSidebarUser";

export function Sidebar() {
  const { me, user, visitor, loading } = useSidebarUser();
  const owner = !visitor && me !== null;
  if (loading) {
    return (
      <div aria-hidden className="flex flex-col gap-5 px-5 pt-2 pb-8 lg:pt-5">
        <div className="h-9 w-40 animate-pulse rounded-lg bg-zinc-200 dark:bg-zinc-800" />
        <div className="h-36 animate-pulse rounded-lg bg-zinc-200 dark:bg-zinc-800" />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-5 px-3 pt-2 pb-8 lg:pt-5">
      <UserBanner user={user} me={me} visitor={visitor} />
      {user ? <UsageHeatMap creatorId={user.id} /> : null}
      <Navigation signedIn={me !== null} owner={owner} />
      {owner ? <ShortcutList /> : null}
      {owner ? <TagList /> : null}
    </div>
  );
}
