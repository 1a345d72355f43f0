// Two-factor sign-in (Settings › My account, the setup step a host may require, and a member's reset): its state,
// and the changes, each made from this browser's session.
import type { TotpConfirm } from "@memos/common";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";
import { type ErrorToastOption, errorToastMeta } from "./errorToast";

const fetchTwoFactor = () => api.call("totp.status");

export const useTwoFactor = (enabled = true) => useQuery({ queryKey: keys.twoFactor, queryFn: fetchTwoFactor, enabled });

export function useTwoFactorMutations(options?: ErrorToastOption) {
  const meta = errorToastMeta(options);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.twoFactor });
  const setup = useMutation({ meta, mutationFn: () => api.call("totp.setup") });
  const enable = useMutation({ meta, mutationFn: (code: string) => api.call("totp.enable", { body: { code } }), onSuccess: refresh });
  const disable = useMutation({ meta, mutationFn: (body: TotpConfirm) => api.call("totp.disable", { body }), onSuccess: refresh });
  const regenerate = useMutation({ meta, mutationFn: (body: TotpConfirm) => api.call("totp.recoveryCodes", { body }), onSuccess: refresh });
  return { setup, enable, disable, regenerate };
}

export const useTwoFactorReset = () => useMutation({ mutationFn: (id: number) => api.call("totp.reset", { params: { id } }) });
