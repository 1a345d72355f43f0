// Where you're signed in (Settings › My account): the caller's sessions, signing one out, and all the others.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";

/** Read again whenever the page comes back into view: another device may have signed in or out meanwhile. */
export const useSessions = () =>
  useQuery({
    queryKey: keys.sessions,
    queryFn: () => api.call("session.list"),
    staleTime: 0,
    refetchOnWindowFocus: "always",
  });

export function useSessionMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.sessions });
  const revoke = useMutation({
    mutationFn: (id: string) => api.call("session.revoke", { params: { sessionId: id } }),
    onSuccess: refresh,
  });
  const revokeOthers = useMutation({
    mutationFn: () => api.call("session.revokeOthers"),
    onSuccess: refresh,
  });
  return { revoke, revokeOthers };
}
