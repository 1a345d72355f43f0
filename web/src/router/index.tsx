// Routes and their entry rules. Pages load lazily behind a centred full-size spinner.
import { lazy, Suspense, type ComponentType } from "react";
import { createBrowserRouter, Navigate } from "react-router";
import { FullPageSpinner } from "../components/ui/Spinner";
import { authLoader, embedLoader, homeLoader, oauthLoader, publicLoader, twoFactorLoader, userPageLoader } from "./loaders";

function page(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Page />
    </Suspense>
  );
}

const routes = [
  { path: "/auth", loader: authLoader, element: page(() => import("../pages/Auth")) },
  { path: "/two-factor", loader: twoFactorLoader, element: page(() => import("../pages/TwoFactorRequired")) },
  // An app's sign-in (OAuth for MCP clients): the consent screen.
  { path: "/oauth/authorize", loader: oauthLoader, element: page(() => import("../pages/OAuthConsent")) },
  { path: "/", loader: homeLoader, element: page(() => import("../pages/Home")) },
  { path: "/resources", loader: homeLoader, element: page(() => import("../pages/Resources")) },
  { path: "/explore", loader: publicLoader, element: page(() => import("../pages/Explore")) },
  { path: "/u/:userId", loader: userPageLoader, element: page(() => import("../pages/UserPage")) },
  { path: "/m/:memoId", loader: publicLoader, element: page(() => import("../pages/MemoDetail")) },
  { path: "/m/:memoId/embed", loader: embedLoader, element: page(() => import("../pages/EmbedMemo")) },
  // A private share link: anyone with it, no sign-in, whatever the instance's state.
  { path: "/s/:token", element: page(() => import("../pages/SharedMemo")) },
  { path: "*", element: <Navigate to="/" replace /> },
];

let router: ReturnType<typeof createBrowserRouter> | null = null;

/**
 * The app's router, made on first use: making it runs the first route's loader, which must find the cache that
 * main.tsx restores from IndexedDB first. One pathless root holds the spinner shown while that loader runs.
 */
export const appRouter = () => (router ??= createBrowserRouter([{ hydrateFallbackElement: <FullPageSpinner />, children: routes }]));
