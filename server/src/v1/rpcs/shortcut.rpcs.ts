// ShortcutService (memos 0.30): the caller's shortcuts through our shortcut service, which keeps each private to its
// creator (another's is not found). Our shortcuts are the web app's filters; a v1 filter is CEL, kept as given.
import { shortcutCreateSchema, shortcutPatchSchema } from "@memos/common";
import type { AppContext, Viewer } from "../../context.js";
import { createShortcut, deleteShortcut, getShortcut, listShortcuts, patchShortcut } from "../../services/shortcut.service.js";
import { accountIdByName } from "../../services/user.service.js";
import { requireSignedIn } from "../../policies/utils.js";
import { ShortcutService } from "../gen/memos/api/v1/shortcut_service_pb.js";
import { checked } from "../checked.js";
import { shortcutOf, usernameOf } from "../names.js";
import { presentShortcut } from "../presenters/shortcut.presenter.js";
import { v1Service } from "../rpc.js";
import { shortcutPayloadOf } from "../shortcut-filter.js";
import { Code, ConnectError } from "@connectrpc/connect";
import { invalidArgument } from "../transport/errors.js";

const notFound = () => new ConnectError("shortcut not found", Code.NotFound);

/** The caller's own account by a parent name: another's is PermissionDenied, an unknown one NotFound. */
async function ownParent(ctx: AppContext, viewer: Viewer, parent: string): Promise<string> {
  requireSignedIn(viewer);
  const username = usernameOf(parent, "parent");
  if ((await accountIdByName(ctx, username)) !== viewer.id) throw new ConnectError("permission denied", Code.PermissionDenied);
  return username;
}

/** A shortcut's id by its name; one under another account's name is not found, as another's shortcut is. */
function shortcutIdOf(viewer: Viewer, name: string, field: string): { username: string; id: number } {
  requireSignedIn(viewer);
  const { username, id } = shortcutOf(name, field);
  if (username !== viewer.username) throw notFound();
  return { username, id };
}

const FIELDS = { title: "shortcut.title", payload: "shortcut.filter" };

export const shortcutRpcs = v1Service(ShortcutService, {
  listShortcuts: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const username = await ownParent(ctx, viewer, input.parent);
      return { shortcuts: (await listShortcuts(ctx, viewer)).map((shortcut) => presentShortcut(username, shortcut)) };
    },
  },
  getShortcut: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const { username, id } = shortcutIdOf(viewer, input.name, "name");
      return presentShortcut(username, await getShortcut(ctx, viewer, id));
    },
  },
  createShortcut: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const username = await ownParent(ctx, viewer, input.parent);
      const { shortcut } = input;
      if (!shortcut) throw invalidArgument("shortcut", "a shortcut is required");
      const create = checked(
        shortcutCreateSchema,
        { title: shortcut.title, payload: shortcutPayloadOf(shortcut.filter) },
        FIELDS,
        "shortcut",
      );
      if (input.validateOnly) return { name: "", title: create.title, filter: shortcut.filter };
      return presentShortcut(username, await createShortcut(ctx, viewer, create));
    },
  },
  updateShortcut: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const { shortcut } = input;
      if (!shortcut) throw invalidArgument("shortcut", "a shortcut is required");
      const { username, id } = shortcutIdOf(viewer, shortcut.name, "shortcut.name");
      const paths = input.updateMask?.paths ?? [];
      if (paths.length === 0) throw invalidArgument("update_mask", "update mask is required");
      const unknown = paths.find((path) => path !== "title" && path !== "filter" && path !== "name");
      if (unknown !== undefined) throw invalidArgument("update_mask", `${JSON.stringify(unknown)} cannot be updated`);
      const patch = checked(
        shortcutPatchSchema,
        {
          title: paths.includes("title") ? shortcut.title : undefined,
          payload: paths.includes("filter") ? shortcutPayloadOf(shortcut.filter) : undefined,
        },
        FIELDS,
        "shortcut",
      );
      return presentShortcut(username, await patchShortcut(ctx, viewer, id, patch));
    },
  },
  deleteShortcut: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      await deleteShortcut(ctx, viewer, shortcutIdOf(viewer, input.name, "name").id);
      return {};
    },
  },
});
