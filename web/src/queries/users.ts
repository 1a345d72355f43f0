// The member list (GET /api/user) and changes to users: create, patch (profile, password, archive, openId)
// and delete. A change to the signed-in user replaces the cached `me` at once.
import { isOwnAccount, type User, type UserCreateRequest, type UserPatchRequest } from "@memos/common";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";
import { type ErrorToastOption, errorToastMeta } from "./errorToast";

export const useUserList = (enabled = true) => useQuery({ queryKey: keys.users, queryFn: () => api.call("user.list"), enabled });

export type UserPatch = UserPatchRequest;

export function useUserMutations(options?: ErrorToastOption) {
  const meta = errorToastMeta(options);
  const queryClient = useQueryClient();

  const afterChange = async (user?: User) => {
    if (user) {
      const me = queryClient.getQueryData<User | null>(keys.me);
      if (isOwnAccount(me?.id, user.id)) queryClient.setQueryData<User | null>(keys.me, user);
      queryClient.removeQueries({ queryKey: keys.user(user.id) });
    }
    // The host's name shows in the status, and names show on memo cards.
    await Promise.all([queryClient.invalidateQueries({ queryKey: keys.users }), queryClient.invalidateQueries({ queryKey: keys.status })]);
  };

  const create = useMutation({
    meta,
    mutationFn: (body: UserCreateRequest) => api.call("user.create", { body }),
    onSuccess: (user) => afterChange(user),
  });
  const patch = useMutation({
    meta,
    mutationFn: ({ id, body }: { id: number; body: UserPatch }) => api.call("user.patch", { params: { id }, body }),
    onSuccess: async (user, { body }) => {
      await afterChange(user);
      if (body.nickname !== undefined || body.username !== undefined) {
        await queryClient.invalidateQueries({ queryKey: keys.memos.all });
      }
    },
  });
  const remove = useMutation({
    meta,
    mutationFn: (id: number) => api.call("user.delete", { params: { id } }),
    onSuccess: async () => {
      await afterChange();
      // Their memos leave the explore feed.
      await queryClient.invalidateQueries({ queryKey: keys.memos.all });
    },
  });
  return { create, patch, remove };
}
