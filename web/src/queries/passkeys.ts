// Passkeys (Settings › My account, the sign-in page): the caller's list and its changes, and the browser's WebAuthn
// ceremonies through @simplewebauthn/browser. The server hands out the options with a challenge id, and checks the
// browser's answer sent back with it.
import type { PasskeyAssertion } from "@memos/common";
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "../api/client";
import { fetchMe, fetchStatus } from "./session";
import { keys } from "./keys";
import { NO_ERROR_TOAST } from "./errorToast";

export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

/** The browser's WebAuthn call failed or was cancelled (not an answer of the server). */
export const isBrowserFailure = (error: unknown): boolean => !(error instanceof ApiError);

export const usePasskeys = () => useQuery({ queryKey: keys.passkeys, queryFn: () => api.call("passkey.list") });

/** A passkey of this browser answering a new sign-in challenge: for `POST /api/auth/passkey/signin`, or `passkey` of a sign-in. */
export async function passkeyAssertion(): Promise<PasskeyAssertion> {
  const { challengeId, options } = await api.call("passkey.authenticationOptions");
  const response = await startAuthentication({
    optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]["optionsJSON"],
  });
  return { challengeId, response: response as unknown as PasskeyAssertion["response"] };
}

export function usePasskeyMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.passkeys });
  const add = useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: async (name: string) => {
      const { challengeId, options } = await api.call("passkey.registrationOptions");
      const response = await startRegistration({
        optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]["optionsJSON"],
      });
      return api.call("passkey.register", { body: { challengeId, name, response: response as unknown as PasskeyAssertion["response"] } });
    },
    onSuccess: refresh,
  });
  const rename = useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: ({ id, name }: { id: number; name: string }) => api.call("passkey.rename", { params: { id }, body: { name } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: (id: number) => api.call("passkey.delete", { params: { id } }),
    onSuccess: refresh,
  });
  return { add, rename, remove };
}

/** Signs in with a passkey alone, then reads the user and the status afresh (as useSignIn does). */
export function usePasskeySignIn() {
  const client = useQueryClient();
  return useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: async () => {
      await api.call("passkey.signIn", { body: await passkeyAssertion() });
      const [me] = await Promise.all([
        client.fetchQuery({ queryKey: keys.me, queryFn: fetchMe }),
        client.fetchQuery({ queryKey: keys.status, queryFn: fetchStatus }),
      ]);
      return me;
    },
  });
}
