// The sidebar: user banner and counts, the usage heat map, navigation, shortcuts and tags.
// On /u/:id (visitor mode) it describes that user and hides shortcuts and tags.
import { Navigation } from "./Navigation";
import { ShortcutList } from "./ShortcutList";
import { TagList } from "./TagList";
import { UsageHeatMap } from "./UsageHeatMap";
import { UserBanner } from "./UserBanner";
import { useSidebarUser } from "./useSidebarUser";

export function Sidebar() {
  const { me, user, visitor } = useSidebarUser();
  const owner = !visitor && me !== null;
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
