// `@username` as a link to that user's page. /u/@name is resolved to the account's /u/:id by the route's loader;
// inside the app it navigates without a reload, elsewhere (a bare render) it is a plain link.
import type { MouseEvent } from "react";
import { Link, useInRouterContext } from "react-router";

/** The page a mention opens: the name as typed; the loader finds the account as sign-in does (case folded). */
const mentionHref = (username: string) => `/u/@${encodeURIComponent(username)}`;

// A card opens its memo on a click: the mention's own click stays with the mention.
const keepClick = (event: MouseEvent) => event.stopPropagation();

export function MentionLink({ username }: { username: string }) {
  const inRouter = useInRouterContext();
  const href = mentionHref(username);
  if (!inRouter) {
    return (
      <a className="md-mention" href={href} onClick={keepClick}>
        @{username}
      </a>
    );
  }
  return (
    <Link className="md-mention" to={href} onClick={keepClick}>
      @{username}
    </Link>
  );
}
