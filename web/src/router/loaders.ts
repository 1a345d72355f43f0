// Route entry rules (docs/v0-wire.md#web-routes): no host → /auth everywhere but embed; signed out on / → /explore.
// Failures while loading the status or the user are swallowed and the route continues; offline, the cached copies
// (restored from IndexedDB) decide, and without them the request fails at once instead of waiting for a network.
import type { SessionUser, SystemStatus, User } from "@memos/common";
import { type LoaderFunctionArgs, redirect } from "react-router";
import { api } from "../api/client";
import { queryClient } from "../queries/client";
import { keys } from "../queries/keys";
import { fetchMe, fetchStatus } from "../queries/session";

async function loadStatus(): Promise<SystemStatus | null> {
  try {
    return await queryClient.ensureQueryData({ queryKey: keys.status, queryFn: fetchStatus, networkMode: "always" });
  } catch {
    return null;
  }
}

async function loadMe(): Promise<SessionUser | null> {
  try {
    return await queryClient.ensureQueryData({ queryKey: keys.me, queryFn: fetchMe, networkMode: "always" });
  } catch {
    return null;
  }
}

/**
 * True when this session must set up two-factor sign-in before anything else (the host requires it): the session's
 * answer says so (a copy kept by a version before it says nothing, so false; the server still refuses the rest).
 */
function mustSetUpTwoFactor(me: SessionUser | null): boolean {
  return me?.twoFactorSetupRequired === true;
}

export async function homeLoader() {
  const [status, me] = await Promise.all([loadStatus(), loadMe()]);
  if (status && !status.host) return redirect("/auth");
  if (status && !me) return redirect("/explore");
  if (mustSetUpTwoFactor(me)) return redirect("/two-factor");
  return null;
}

/** /explore, /u/:id and /m/:id: visitors welcome, but a site without a host starts at /auth. */
export async function publicLoader() {
  const [status, me] = await Promise.all([loadStatus(), loadMe()]);
  if (status && !status.host) return redirect("/auth");
  if (mustSetUpTwoFactor(me)) return redirect("/two-factor");
  return null;
}

/** The setup step a host may require: for a signed-in session that must take it; anyone else goes home. */
export async function twoFactorLoader() {
  const me = await loadMe();
  return mustSetUpTwoFactor(me) ? null : redirect("/");
}

/**
 * /u/{digits} is visitor mode for that user; /u/@name (where a mention links) goes to the named user's /u/{id}, or
 * stays to say there is no such user; any other /u/… falls back to /.
 */
export async function userPageLoader({ params }: LoaderFunctionArgs) {
  const param = params.userId ?? "";
  if (param.startsWith("@") && param.length > 1) {
    const user = await findUserByName(param.slice(1));
    if (user) return redirect(`/u/${user.id}`);
    return publicLoader();
  }
  if (!/^\d+$/.test(param)) return redirect("/");
  return publicLoader();
}

async function findUserByName(username: string): Promise<User | null> {
  try {
    const user = await api.call("user.byName", { params: { username } });
    queryClient.setQueryData(keys.user(user.id), user);
    return user;
  } catch {
    return null;
  }
}

/**
 * /oauth/authorize, an app's sign-in: a signed-out visitor signs in first (any way) and comes back to it; a
 * session that must set up two-factor sign-in does that first.
 */
export async function oauthLoader({ request }: LoaderFunctionArgs) {
  const [status, me] = await Promise.all([loadStatus(), loadMe()]);
  if (status && !status.host) return redirect("/auth");
  const url = new URL(request.url);
  const here = encodeURIComponent(url.pathname + url.search);
  if (!me) return redirect(`/auth?next=${here}`);
  if (mustSetUpTwoFactor(me)) return redirect(`/two-factor?next=${here}`);
  return null;
}

export async function authLoader() {
  await loadStatus();
  return null;
}

export async function embedLoader() {
  await loadStatus();
  return null;
}
