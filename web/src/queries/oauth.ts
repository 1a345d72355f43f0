// The consent page of an app's sign-in (OAuth for MCP clients): the server's check of the request, and the answer.
import type { AuthorizationDecisionRequest, AuthorizationRequest } from "@memos/common";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";
import { NO_ERROR_TOAST } from "./errorToast";

/** The request's parameters as the app put them in the URL (the rest of the query is ignored). */
export function authorizationRequestOf(search: URLSearchParams): AuthorizationRequest {
  const names = [
    "response_type",
    "client_id",
    "redirect_uri",
    "code_challenge",
    "code_challenge_method",
    "state",
    "scope",
    "resource",
  ] as const;
  return Object.fromEntries(names.flatMap((name) => (search.has(name) ? [[name, search.get(name)!]] : [])));
}

/** Checked once: the answer does not change while the page is open. */
export const useAuthorizationCheck = (request: AuthorizationRequest) =>
  useQuery({
    queryKey: keys.oauthAuthorization(request),
    queryFn: () => api.call("oauth.checkAuthorization", { query: request }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useAuthorizationDecision = () =>
  useMutation({ meta: NO_ERROR_TOAST, mutationFn: (body: AuthorizationDecisionRequest) => api.call("oauth.decide", { body }) });
