// Route entry rules (docs/v0-wire.md#web-routes): no host → /auth everywhere but embed; signed out on / → /explore.
// Failures while loading the status or the user are swallowed and the route continues; offline, the cached copies
// (restored from IndexedDB) decide, and without them the request fails at once instead of waiting for a network.
import type { SystemStatus, User } from "@memos/common";
import { type LoaderFunctionArgs, redirect } from "react-router";
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

async function loadMe(): Promise<User | null> {
  try {
    return await queryClient.ensureQueryData({ queryKey: keys.me, queryFn: fetchMe, networkMode: "always" });
  } catch {
    return null;
  }
}

export async function homeLoader() {
  const [status, me] = await Promise.all([loadStatus(), loadMe()]);
  if (status && !status.host) return redirect("/auth");
  if (status && !me) return redirect("/explore");
  return null;
}

/** /explore, /u/:id and /m/:id: visitors welcome, but a site without a host starts at /auth. */
export async function publicLoader() {
  const [status] = await Promise.all([loadStatus(), loadMe()]);
  if (status && !status.host) return redirect("/auth");
  return null;
}

/** /u/{digits} is visitor mode for that user; any other /u/… falls back to /. */
export async function userPageLoader({ params }: LoaderFunctionArgs) {
  if (!/^\d+$/.test(params.userId ?? "")) return redirect("/");
  return publicLoader();
}

export async function authLoader() {
  await loadStatus();
  return null;
}

export async function embedLoader() {
  await loadStatus();
  return null;
}
