// The system status and the signed-in user; signing in, up and out.
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PasskeyAssertion, SecondFactorStep, SessionUser, User } from "@memos/common";
import { ApiError, api } from "../api/client";
import { keys } from "./keys";
import { type ErrorToastOption, errorToastMeta } from "./errorToast";
import { NO_ERROR_TOAST } from "./errorToast";

/**
 * The current user, or null when nobody is signed in (asked so that a visitor gets no 401 to log); with it, whether
 * this session must set up two-factor sign-in first (the entry rules read it: no request of its own at start).
 */
export async function fetchMe(): Promise<SessionUser | null> {
  try {
    return await api.call("auth.session");
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

/** The instance's status (host, profile, settings the pages read). */
export const fetchStatus = () => api.call("system.status");

export const useStatus = () => useQuery({ queryKey: keys.status, queryFn: fetchStatus, staleTime: 60_000 });

export const useMe = () => useQuery({ queryKey: keys.me, queryFn: fetchMe, staleTime: 60_000 });

export const useUser = (id: number | undefined) =>
  useQuery({
    queryKey: keys.user(id ?? -1),
    queryFn: () => api.call("user.get", { params: { id: id! } }),
    enabled: id !== undefined && id > 0,
  });

/** Reads a user setting value (stored as JSON text), or the fallback. */
export function userSetting<T extends string>(user: User | null | undefined, key: string, fallback: T): T {
  const entry = user?.userSettingList?.find((setting) => setting.key === key);
  if (!entry) return fallback;
  try {
    return JSON.parse(entry.value) as T;
  } catch {
    return fallback;
  }
}

/** After signing out: the user is nobody, and nothing cached for the last one survives but the status. */
function forgetSession(client: QueryClient) {
  client.setQueryData<User | null>(keys.me, null);
  // What is the instance's, not the user's, stays: the status and the sign-in page's single sign-on options.
  const kept: readonly unknown[] = [keys.status[0], keys.me[0], keys.ssoOptions[0]];
  client.removeQueries({ predicate: (query) => !kept.includes(query.queryKey[0]) });
}

/** Ends the session if there is one (the sign-in page starts from a clean slate); never fails. */
export async function endSession(client: QueryClient): Promise<void> {
  await api.call("auth.signOut").catch(() => undefined);
  forgetSession(client);
}

/**
 * Ends the session on the server. The cache is left as it is: the caller leaves for /auth, whose mount clears
 * it (endSession). Clearing it while the signed-in pages are still mounted would make their queries fetch again,
 * as nobody, and fail with 401.
 */
export function useSignOut(options?: ErrorToastOption) {
  const meta = errorToastMeta(options);
  return useMutation({ meta, mutationFn: () => api.call("auth.signOut") });
}

/** `code`: the two-factor code (an app's or a recovery code), once the server asked for one; or `passkey` instead. */
export type Credentials = { username: string; password: string; code?: string; passkey?: PasskeyAssertion };

/**
 * Signs in, or signs up (as the host when there is none yet), or finishes a provider's sign-in with the account's
 * second factor (`sso-step`: the code or passkey only), then reads the user and the status afresh before the entry
 * rules of the next page read them. Resolves with the signed-in user (null if the session did not stick), or with
 * the second factor a right password still needs (asked as an answer, `twoStep`, so the step logs no failed request).
 */
export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: async ({
      action,
      username,
      password,
      code,
      passkey,
      role,
    }: Credentials & { action: "signin" | "signup" | "sso-step"; role?: "HOST" | "USER" }): Promise<
      User | null | { secondFactor: SecondFactorStep }
    > => {
      const second = { ...(code !== undefined && { code }), ...(passkey && { passkey }) };
      if (action === "signin") {
        const answer = await api.call("auth.signIn", { body: { username, password, ...second, twoStep: true } });
        if ("secondFactor" in answer) return { secondFactor: answer.secondFactor };
      } else if (action === "sso-step") await api.call("sso.secondFactor", { body: second });
      else await api.call("auth.signUp", { body: { username, password, role: role ?? "USER" } });
      const [me] = await Promise.all([
        client.fetchQuery({ queryKey: keys.me, queryFn: fetchMe }),
        client.fetchQuery({ queryKey: keys.status, queryFn: fetchStatus }),
      ]);
      return me;
    },
  });
}
