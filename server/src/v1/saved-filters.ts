// A user's saved filters (our shortcuts) as v1 serves them twice: ShortcutService (memos 0.30, users/*/shortcuts/*)
// and MemoViewService (memos 0.31 and later, users/*/views/*). One set of rules, two namings. Each is its owner's
// alone: another's parent is PermissionDenied, another's saved filter NotFound (as our shortcut service keeps them).
import { shortcutCreateSchema, shortcutPatchSchema } from "@memos/common";
import { Code, ConnectError } from "@connectrpc/connect";
import type { AppContext, Viewer } from "../context.js";
import { requireSignedIn } from "../policies/utils.js";
import { createShortcut, deleteShortcut, getShortcut, listShortcuts, patchShortcut } from "../services/shortcut.service.js";
import { accountIdByName } from "../services/user.service.js";
import { checked } from "./checked.js";
import { compileMemoFilter } from "./filter/memo-cel.js";
import { type SavedFilterCollection, savedFilterOf, usernameOf } from "./names.js";
import { presentSavedFilter, type SavedFilterMessage } from "./presenters/shortcut.presenter.js";
import { shortcutPayloadOf } from "./shortcut-filter.js";
import { invalidArgument } from "./transport/errors.js";

export interface SavedFilterNaming {
  collection: SavedFilterCollection;
  /** The request field holding the message, as errors name it: `shortcut`, `memo_view`. */
  field: string;
  /** What NotFound calls one. */
  noun: string;
  /**
   * Memo views must hold a filter ListMemos reads (memos checks it on save); shortcuts keep any filter as given, as
   * memos 0.30 did, an empty one meaning every memo.
   */
  readsFilter: boolean;
}

type SavedFilterInput = { name: string; title: string; filter: string } | undefined;

/** The caller's own account by a parent name: another's is PermissionDenied, an unknown one NotFound. */
async function ownParent(ctx: AppContext, viewer: Viewer, parent: string): Promise<string> {
  requireSignedIn(viewer);
  const username = usernameOf(parent, "parent");
  if ((await accountIdByName(ctx, username)) !== viewer.id) throw new ConnectError("permission denied", Code.PermissionDenied);
  return username;
}

/** The operations of one naming, each taking the v1 request's fields and answering v1 messages. */
export function savedFilterRpcs(naming: SavedFilterNaming) {
  const { collection, field } = naming;
  const fields = { title: `${field}.title`, payload: `${field}.filter` };
  const notFound = () => new ConnectError(`${naming.noun} not found`, Code.NotFound);

  /** The id by name; one under another account's name is not found, as another's saved filter is. */
  function idOf(viewer: Viewer, name: string, nameField: string): { username: string; id: number } {
    requireSignedIn(viewer);
    const { username, id } = savedFilterOf(collection, name, nameField);
    if (username !== viewer.username) throw notFound();
    return { username, id };
  }

  /** The payload a filter is stored as; a memo view's filter read first, as ListMemos would read it. */
  async function payloadOf(filter: string): Promise<string> {
    if (naming.readsFilter) {
      if (filter.trim() === "") throw invalidArgument(fields.payload, "a filter is required");
      try {
        await compileMemoFilter(filter, BigInt(Date.now()) * 1_000_000n);
      } catch (error) {
        if (error instanceof ConnectError && error.code === Code.InvalidArgument)
          throw invalidArgument(fields.payload, error.rawMessage.replace(/^invalid filter: /, ""));
        throw error;
      }
    }
    return shortcutPayloadOf(filter);
  }

  const present = (username: string, shortcut: Parameters<typeof presentSavedFilter>[2]) =>
    presentSavedFilter(collection, username, shortcut);

  return {
    async list(ctx: AppContext, viewer: Viewer, parent: string): Promise<SavedFilterMessage[]> {
      const username = await ownParent(ctx, viewer, parent);
      return (await listShortcuts(ctx, viewer)).map((shortcut) => present(username, shortcut));
    },

    async get(ctx: AppContext, viewer: Viewer, name: string): Promise<SavedFilterMessage> {
      const { username, id } = idOf(viewer, name, "name");
      return present(username, await getShortcut(ctx, viewer, id));
    },

    async create(
      ctx: AppContext,
      viewer: Viewer,
      parent: string,
      input: SavedFilterInput,
      validateOnly: boolean,
    ): Promise<SavedFilterMessage> {
      const username = await ownParent(ctx, viewer, parent);
      if (!input) throw invalidArgument(field, `a ${naming.noun} is required`);
      const create = checked(shortcutCreateSchema, { title: input.title, payload: await payloadOf(input.filter) }, fields, field);
      if (validateOnly) return { name: "", title: create.title, filter: input.filter };
      return present(username, await createShortcut(ctx, viewer, create));
    },

    async update(ctx: AppContext, viewer: Viewer, input: SavedFilterInput, paths: readonly string[]): Promise<SavedFilterMessage> {
      if (!input) throw invalidArgument(field, `a ${naming.noun} is required`);
      const { username, id } = idOf(viewer, input.name, `${field}.name`);
      if (paths.length === 0) throw invalidArgument("update_mask", "update mask is required");
      const unknown = paths.find((path) => path !== "title" && path !== "filter" && path !== "name");
      if (unknown !== undefined) throw invalidArgument("update_mask", `${JSON.stringify(unknown)} cannot be updated`);
      const patch = checked(
        shortcutPatchSchema,
        {
          title: paths.includes("title") ? input.title : undefined,
          payload: paths.includes("filter") ? await payloadOf(input.filter) : undefined,
        },
        fields,
        field,
      );
      return present(username, await patchShortcut(ctx, viewer, id, patch));
    },

    async remove(ctx: AppContext, viewer: Viewer, name: string): Promise<void> {
      await deleteShortcut(ctx, viewer, idOf(viewer, name, "name").id);
    },
  };
}
