// Single sign-on: what the sign-in page offers, the host's providers (Settings › System) and the account's linked
// providers (Settings › My account). The flow itself is a browser navigation to /auth/oidc/…, not a request.
import type { IdentityProviderCreateRequest, IdentityProviderPatchRequest } from "@memos/common";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";
import { writeSystemSetting } from "./settings";
import { type ErrorToastOption, errorToastMeta } from "./errorToast";

export const useSsoOptions = () => useQuery({ queryKey: keys.ssoOptions, queryFn: () => api.call("sso.options") });

export const useIdentityProviders = () => useQuery({ queryKey: keys.identityProviders, queryFn: () => api.call("identity-provider.list") });

export const useIdentities = () => useQuery({ queryKey: keys.identities, queryFn: () => api.call("sso.identities") });

export function useIdentityProviderMutations(options?: ErrorToastOption) {
  const meta = errorToastMeta(options);
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.identityProviders }),
      queryClient.invalidateQueries({ queryKey: keys.ssoOptions }),
    ]);
  const create = useMutation({
    meta,
    mutationFn: (body: IdentityProviderCreateRequest) => api.call("identity-provider.create", { body }),
    onSuccess: refresh,
  });
  const patch = useMutation({
    meta,
    mutationFn: ({ id, body }: { id: number; body: IdentityProviderPatchRequest }) =>
      api.call("identity-provider.patch", { params: { providerId: id }, body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    meta,
    mutationFn: (id: number) => api.call("identity-provider.delete", { params: { providerId: id } }),
    onSuccess: refresh,
  });
  const setPasswordSignIn = useMutation({
    meta,
    mutationFn: (on: boolean) => writeSystemSetting({ name: "disablePasswordSignIn", value: !on }),
    onSuccess: refresh,
  });
  const setSecondFactor = useMutation({
    meta,
    mutationFn: (on: boolean) => writeSystemSetting({ name: "ssoSecondFactor", value: on }),
    onSuccess: refresh,
  });
  return { create, patch, remove, setPasswordSignIn, setSecondFactor };
}

export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call("sso.unlink", { params: { identityId: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.identities }),
  });
}
