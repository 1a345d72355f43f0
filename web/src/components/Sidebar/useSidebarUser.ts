// Whose sidebar this is: the visited user on /u/:id (visitor mode), otherwise the signed-in user.
import type { User } from "@memos/common";
import { useLocation } from "react-router";
import { useMe, useUser } from "../../queries/session";

export interface SidebarUser {
  /** The signed-in user, or null. */
  me: User | null;
  /** The user whose memos the page shows. */
  user: User | null;
  /** True on /u/:id: shortcuts and tags are hidden. */
  visitor: boolean;
  loading: boolean;
}

const visitorUserId = (pathname: string): number | undefined => {
  const match = /^\/u\/(\d+)/.exec(pathname);
  return match ? Number(match[1]) : undefined;
};

export function useSidebarUser(): SidebarUser {
  const { pathname } = useLocation();
  const visitedId = visitorUserId(pathname);
  const me = useMe();
  const visited = useUser(visitedId);
  const visitor = visitedId !== undefined;
  const user = visitor ? (visited.data ?? null) : (me.data ?? null);
  return { me: me.data ?? null, user, visitor, loading: me.isPending || (visitor && visited.isPending) };
}
