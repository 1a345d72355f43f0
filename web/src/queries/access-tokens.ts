// Personal access tokens (Settings › My account): the list, creating one (its answer is the only time the token is
// seen) and revoking one.
import type { AccessTokenCreateRequest } from "@memos/common";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";

export const useAccessTokens = () => useQuery({ queryKey: keys.accessTokens, queryFn: () => api.call("access-token.list") });

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
