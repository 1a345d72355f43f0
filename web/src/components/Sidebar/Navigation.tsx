// The sidebar's entries. Daily review, resources, settings, archived and trash open dialogs (pushed on the
// dialog stack); Home and Explore are pages, and so is Resources on phones.
import { Archive, CalendarDays, CalendarRange, Compass, House, LogIn, MapPin, Paperclip, Settings, Trash2 } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { type DialogName, useDialogs } from "../../state/dialogs";
import { DESKTOP_QUERY, useMediaQuery } from "../layout/useMediaQuery";

const ITEM =
  "flex h-10 w-full items-center gap-3 rounded-lg px-2 text-[15px] text-zinc-700 transition-colors duration-200 hover:bg-zinc-200/70 lg:h-9 dark:text-zinc-300 dark:hover:bg-zinc-800";
const ACTIVE =
  "bg-white font-medium text-zinc-900 shadow-[0_0_0_1px] shadow-zinc-200 dark:bg-zinc-800 dark:text-zinc-100 dark:shadow-zinc-700";

type Icon = ComponentType<{ className?: string; "aria-hidden"?: boolean }>;

function LinkEntry({ to, icon: Icon, children }: { to: string; icon: Icon; children: ReactNode }) {
  return (
    <li className="col-span-2">
      <NavLink to={to} end className={({ isActive }) => `${ITEM} ${isActive ? ACTIVE : ""}`}>
        <Icon className="size-[18px] shrink-0 text-zinc-600 dark:text-zinc-400" aria-hidden />
        {children}
      </NavLink>
    </li>
  );
}

/** `half`: shares its row with the next entry (Archived and Trash on a phone, so the tags start on the first screen). */
function DialogEntry({
  dialog,
  icon: Icon,
  half = false,
  children,
}: {
  dialog: DialogName;
  icon: Icon;
  half?: boolean;
  children: ReactNode;
}) {
  const push = useDialogs((state) => state.push);
  return (
    <li className={half ? "min-w-0" : "col-span-2"}>
      <button type="button" aria-haspopup="dialog" onClick={() => push(dialog)} className={ITEM}>
        <Icon className="size-[18px] shrink-0 text-zinc-600 dark:text-zinc-400" aria-hidden />
        {children}
      </button>
    </li>
  );
}

/** `owner`: signed in and not visiting someone else's page, so the personal entries apply. */
export function Navigation({ signedIn, owner }: { signedIn: boolean; owner: boolean }) {
  const { t } = useTranslation();
  // Phones get Resources as a page of its own; desktops open it over the current page.
  const desktop = useMediaQuery(DESKTOP_QUERY);
  return (
    <nav aria-label={t("sidebar.navigation")}>
      <ul className="grid grid-cols-2 gap-0.5">
        {signedIn ? (
          <LinkEntry to="/" icon={House}>
            {t("sidebar.home")}
          </LinkEntry>
        ) : null}
        {owner ? (
          <DialogEntry dialog="daily-review" icon={CalendarDays}>
            {t("sidebar.daily-review")}
          </DialogEntry>
        ) : null}
        {/* On a phone the drawer has no room for another row: the Days count opens the calendar (UserBanner). */}
        {owner && desktop ? (
          <DialogEntry dialog="calendar" icon={CalendarRange}>
            {t("sidebar.calendar")}
          </DialogEntry>
        ) : null}
        <LinkEntry to="/explore" icon={Compass}>
          {t("sidebar.explore")}
        </LinkEntry>
        {owner ? (
          <>
            {desktop ? (
              <DialogEntry dialog="resources" icon={Paperclip}>
                {t("sidebar.resources")}
              </DialogEntry>
            ) : (
              <LinkEntry to="/resources" icon={Paperclip}>
                {t("sidebar.resources")}
              </LinkEntry>
            )}
            {/* On a phone, as the calendar: no room for another row; a memo's place chip opens the map. */}
            {desktop ? (
              <LinkEntry to="/map" icon={MapPin}>
                {t("sidebar.map")}
              </LinkEntry>
            ) : null}
            <DialogEntry dialog="setting" icon={Settings}>
              {t("sidebar.setting")}
            </DialogEntry>
            <DialogEntry dialog="archived" icon={Archive} half={!desktop}>
              {t("sidebar.archived")}
            </DialogEntry>
            <DialogEntry dialog="trash" icon={Trash2} half={!desktop}>
              {t("sidebar.trash")}
            </DialogEntry>
          </>
        ) : null}
        {signedIn ? null : (
          <LinkEntry to="/auth" icon={LogIn}>
            {t("common.sign-in")}
          </LinkEntry>
        )}
      </ul>
    </nav>
  );
}
