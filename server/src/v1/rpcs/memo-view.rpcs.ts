// MemoViewService (memos 0.31 and later, which renamed shortcuts memo views): the caller's saved filters as
// users/{user}/views/{id}, the same rows ShortcutService serves. A view's filter must read as ListMemos reads it.
import { MemoViewService } from "../gen/memos/api/v1/memo_view_service_pb.js";
import { v1Service } from "../rpc.js";
import { savedFilterRpcs } from "../saved-filters.js";

const views = savedFilterRpcs({ collection: "views", field: "memo_view", noun: "memo view", readsFilter: true });

export const memoViewRpcs = v1Service(MemoViewService, {
  listMemoViews: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => ({ memoViews: await views.list(ctx, viewer, input.parent) }),
  },
  getMemoView: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => views.get(ctx, viewer, input.name),
  },
  createMemoView: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => views.create(ctx, viewer, input.parent, input.memoView, input.validateOnly),
  },
  updateMemoView: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => views.update(ctx, viewer, input.memoView, input.updateMask?.paths ?? []),
  },
  deleteMemoView: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      await views.remove(ctx, viewer, input.name);
      return {};
    },
  },
});
