// Tags: a user's tag list, explicit creation and deletion, and suggestions from memo content.
import { isValidTagName, tagCreateSchema } from "@memos/common";
import type { AppContext, Viewer } from "../context.js";
import { badRequest, notFound, unauthenticated } from "../errors.js";
import { listMemoTagsOfCreator } from "../store/memo.store.js";
import { deleteTag as removeTag, listTagNames, upsertTags } from "../store/tag.store.js";
import { parseInput } from "./validate.js";

function requireViewer(viewer: Viewer) {
  if (viewer === null) throw unauthenticated();
  return viewer;
}

export async function listTags(ctx: AppContext, viewer: Viewer): Promise<string[]> {
  return listTagNames(ctx.store.db, requireViewer(viewer).id);
}

export async function createTag(ctx: AppContext, viewer: Viewer, body: unknown): Promise<string> {
  const actor = requireViewer(viewer);
  const { name } = parseInput(tagCreateSchema, body, "Malformatted post tag request");
  if (name === "") throw badRequest("Tag name shouldn't be empty");
  if (!isValidTagName(name)) throw badRequest("Invalid tag name");
  await upsertTags(ctx.store.db, actor.id, [name]);
  return name;
}

/** The name arrives URL-decoded by the router. (v0 also turned `+` into a space; tags hold no spaces, so `c++` stays.) */
export async function deleteTag(ctx: AppContext, viewer: Viewer, name: string): Promise<void> {
  const actor = requireViewer(viewer);
  if (name === "") throw badRequest("Tag name cannot be empty");
  if (!(await removeTag(ctx.store.db, actor.id, name))) throw notFound(`Tag name not found: ${name}`);
}

/** Tags found in the caller's memos that are not yet in their tag list. */
export async function suggestTags(ctx: AppContext, viewer: Viewer): Promise<string[]> {
  const actor = requireViewer(viewer);
  const { db } = ctx.store;
  const [used, listed] = await Promise.all([listMemoTagsOfCreator(db, actor.id), listTagNames(db, actor.id)]);
  const known = new Set(listed);
  return used.filter((tag) => !known.has(tag));
}
