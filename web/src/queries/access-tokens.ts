// Personal access tokens (Settings › My account): the list, creating one (its answer is the only time the token is
// seen) and revoking one.
import type { AccessTokenCreateRequest } from "@memos/common";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";

/**
 * The caller's tokens. "Last used" changes while Settings is open (a script uses a token meanwhile): read again when
 * the page comes back into view and every 30 s while the list is shown.
 */
export const useAccessTokens = () =>
  useQuery({
    queryKey: keys.accessTokens,
    queryFn: () => api.call("access-token.list"),
    staleTime: 0,
    refetchOnWindowFocus: "always",
    refetchInterval: 30_000,
  });

export function useAccessTokenMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.accessTokens });
  const create = useMutation({
    mutationFn: (body: AccessTokenCreateRequest) => api.call("access-token.create", { body }),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (id: number) => api.call("access-token.revoke", { params: { tokenId: id } }),
    onSuccess: refresh,
  });
  return { create, revoke };
}
