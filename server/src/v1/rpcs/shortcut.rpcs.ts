// ShortcutService (memos 0.30): the caller's shortcuts, users/{user}/shortcuts/{id}. Our shortcuts are the web app's
// filters; a v1 filter is CEL, kept as given (saved-filters.ts holds the rules MemoViewService shares).
import { ShortcutService } from "../gen/memos/api/v1/shortcut_service_pb.js";
import { v1Service } from "../rpc.js";
import { savedFilterRpcs } from "../saved-filters.js";

const shortcuts = savedFilterRpcs({ collection: "shortcuts", field: "shortcut", noun: "shortcut", readsFilter: false });

export const shortcutRpcs = v1Service(ShortcutService, {
  listShortcuts: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => ({ shortcuts: await shortcuts.list(ctx, viewer, input.parent) }),
  },
  getShortcut: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => shortcuts.get(ctx, viewer, input.name),
  },
  createShortcut: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => shortcuts.create(ctx, viewer, input.parent, input.shortcut, input.validateOnly),
  },
  updateShortcut: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => shortcuts.update(ctx, viewer, input.shortcut, input.updateMask?.paths ?? []),
  },
  deleteShortcut: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      await shortcuts.remove(ctx, viewer, input.name);
      return {};
    },
  },
});
