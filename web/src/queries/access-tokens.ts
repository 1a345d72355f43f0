// Personal access tokens (Settings › My account): the list, creating one (its answer is the only time the token is
// seen) and revoking one.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/endpoints";
import { keys } from "./keys";

export const useAccessTokens = () => useQuery({ queryKey: keys.accessTokens, queryFn: api.accessTokens });

export function useAccessTokenMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.accessTokens });
  const create = useMutation({ mutationFn: api.createAccessToken, onSuccess: refresh });
  const revoke = useMutation({ mutationFn: (id: number) => api.revokeAccessToken(id), onSuccess: refresh });
  return { create, revoke };
}
