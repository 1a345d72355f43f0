// Routes and their entry rules. Pages load lazily behind a centred full-size spinner.
import { lazy, Suspense, type ComponentType } from "react";
import { createBrowserRouter, matchRoutes, Navigate, useParams, useSearchParams } from "react-router";
import { addToDraft } from "../components/MemoEditor/sharedCapture";
import { FullPageSpinner } from "../components/ui/Spinner";
import { withAllStrings } from "../i18n";
import { authLoader, embedLoader, homeLoader, oauthLoader, publicLoader, twoFactorLoader, userPageLoader } from "./loaders";

/**
 * Each page's code, by its route's path: loaded by the route, or ahead of it by preloadPage. Home and explore are
 * the first screen (web/vite.config.ts): their code and strings come with the app; every other page brings the
 * rest of the strings with it.
 */
const PAGES = {
  "/auth": withAllStrings(() => import("../pages/Auth")),
  "/two-factor": withAllStrings(() => import("../pages/TwoFactorRequired")),
  "/oauth/authorize": withAllStrings(() => import("../pages/OAuthConsent")),
  "/": () => import("../pages/Home"),
  "/resources": withAllStrings(() => import("../pages/Resources")),
  "/map": withAllStrings(() => import("../pages/MapPage")),
  "/explore": () => import("../pages/Explore"),
  "/u/:userId": withAllStrings(() => import("../pages/UserPage")),
  "/m/:memoId": withAllStrings(() => import("../pages/MemoDetail")),
  "/m/:memoId/embed": withAllStrings(() => import("../pages/EmbedMemo")),
  "/s/:token": withAllStrings(() => import("../pages/SharedMemo")),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

type PagePath = keyof typeof PAGES;

function page(path: PagePath) {
  const Page = lazy(PAGES[path]);
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Page />
    </Suspense>
  );
}

/** A share link as memos spells it, sent to ours (the tokens came over with the database). */
function MemosShareLink() {
  const { token = "" } = useParams();
  return <Navigate to={`/s/${encodeURIComponent(token)}`} replace />;
}

/** A share to the app (`/share?title=&text=&url=`): added to the new memo's draft, then the editor on the home page. */
function ShareCapture() {
  const [params] = useSearchParams();
  addToDraft({ title: params.get("title"), text: params.get("text"), url: params.get("url") });
  return <Navigate to="/" replace />;
}

const routes = [
  { path: "/auth", loader: authLoader, element: page("/auth") },
  { path: "/two-factor", loader: twoFactorLoader, element: page("/two-factor") },
  // An app's sign-in (OAuth for MCP clients): the consent screen.
  { path: "/oauth/authorize", loader: oauthLoader, element: page("/oauth/authorize") },
  { path: "/", loader: homeLoader, element: page("/") },
  { path: "/resources", loader: homeLoader, element: page("/resources") },
  { path: "/map", loader: homeLoader, element: page("/map") },
  { path: "/explore", loader: publicLoader, element: page("/explore") },
  { path: "/u/:userId", loader: userPageLoader, element: page("/u/:userId") },
  { path: "/m/:memoId", loader: publicLoader, element: page("/m/:memoId") },
  { path: "/m/:memoId/embed", loader: embedLoader, element: page("/m/:memoId/embed") },
  // A private share link: anyone with it, no sign-in, whatever the instance's state.
  { path: "/s/:token", element: page("/s/:token") },
  // memos 0.2x's address of a share link (`/memos/shares/<token>`): links made there keep working after the move.
  { path: "/memos/shares/:token", element: <MemosShareLink /> },
  // The installed app's share target (the manifest's share_target) and the "Save to memos" bookmarklet.
  { path: "/share", loader: homeLoader, element: <ShareCapture /> },
  { path: "*", element: <Navigate to="/" replace /> },
];

/**
 * Starts loading the code of the page at `pathname` (the module and every chunk it imports, side by side), so it
 * arrives while the first requests for data are still under way instead of after them. Never fails: the route
 * loads it again, and says so, if this did not.
 */
export function preloadPage(pathname: string): void {
  const path = matchRoutes(routes, pathname)?.at(-1)?.route.path;
  if (path && path in PAGES) void PAGES[path as PagePath]().catch(() => undefined);
}

let router: ReturnType<typeof createBrowserRouter> | null = null;

/**
 * The app's router, made on first use: making it runs the first route's loader, which must find the cache that
 * main.tsx restores from IndexedDB first. One pathless root holds the spinner shown while that loader runs.
 */
export const appRouter = () => (router ??= createBrowserRouter([{ hydrateFallbackElement: <FullPageSpinner />, children: routes }]));
