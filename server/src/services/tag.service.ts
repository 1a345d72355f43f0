// Tags: a user's tag list, explicit creation and deletion, and suggestions from memo content.
import { isValidTagName, type TagCount, type TagCreate, type TagSubtreeCount } from "@memos/common";
import type { AppContext, Viewer } from "../context.js";
import { badRequest, type ErrorDetail, notFound } from "../errors.js";
import { countMemoTagsOfCreator, countSubtreeMemos, listMemoTagsOfCreator } from "../store/sql/memo/memo-tag.store.js";
import { deleteTag as removeTag, listTagNames, upsertTags } from "../store/sql/tag.store.js";
import { requireSignedIn } from "../policies/utils.js";

const INVALID_NAME: ErrorDetail = { reason: "tag.invalid-name", field: "name" };

export async function listTags(ctx: AppContext, viewer: Viewer): Promise<string[]> {
  requireSignedIn(viewer);
  return listTagNames(ctx.store.db, viewer.id);
}

/** `input` is valid already (the route's schema, tagCreateSchema). */
export async function createTag(ctx: AppContext, viewer: Viewer, input: TagCreate): Promise<string> {
  requireSignedIn(viewer);
  const { name } = input;
  if (name === "") throw badRequest("Tag name shouldn't be empty", INVALID_NAME);
  if (!isValidTagName(name)) throw badRequest("Invalid tag name", INVALID_NAME);
  await upsertTags(ctx.store.db, viewer.id, [name]);
  return name;
}

/** The name arrives URL-decoded by the router. (v0 also turned `+` into a space; tags hold no spaces, so `c++` stays.) */
export async function deleteTag(ctx: AppContext, viewer: Viewer, name: string): Promise<void> {
  requireSignedIn(viewer);
  if (name === "") throw badRequest("Tag name cannot be empty", INVALID_NAME);
  if (!(await removeTag(ctx.store.db, viewer.id, name)))
    throw notFound(`Tag name not found: ${name}`, { reason: "tag.not-found", params: { name } });
}

/** Tags found in the caller's memos that are not yet in their tag list. */
export async function suggestTags(ctx: AppContext, viewer: Viewer): Promise<string[]> {
  requireSignedIn(viewer);
  const { db } = ctx.store;
  const [used, listed] = await Promise.all([listMemoTagsOfCreator(db, viewer.id), listTagNames(db, viewer.id)]);
  const known = new Set(listed);
  return used.filter((tag) => !known.has(tag));
}

/** The caller's listed tags and the tags of their memos, once each and sorted, with their memo counts. */
export async function countTags(ctx: AppContext, viewer: Viewer): Promise<TagCount[]> {
  requireSignedIn(viewer);
  const { db } = ctx.store;
  const [counts, listed] = await Promise.all([countMemoTagsOfCreator(db, viewer.id), listTagNames(db, viewer.id)]);
  const names = [...new Set([...listed, ...counts.keys()])].sort();
  return names.map((name) => ({ name, count: counts.get(name) ?? 0 }));
}

/** The parents in a tag tree (`work`, `work/a` of `work/a/b`), as the sidebar's tree nests them. */
function parentPaths(tags: readonly string[]): string[] {
  const parents = new Set<string>();
  for (const tag of tags) {
    const segments = tag.split("/").filter((segment) => segment !== "");
    for (let i = 1; i < segments.length; i++) parents.add(segments.slice(0, i).join("/"));
  }
  return [...parents].sort();
}

/**
 * Each parent of the caller's tag tree with their NORMAL memos under it, each once. A parent whose subtree has one
 * tag in use takes that tag's maintained count; others are counted (a memo may carry two tags of the subtree).
 */
export async function countTagSubtrees(ctx: AppContext, viewer: Viewer): Promise<TagSubtreeCount[]> {
  requireSignedIn(viewer);
  const { db, engine } = ctx.store;
  const [counts, listed] = await Promise.all([countMemoTagsOfCreator(db, viewer.id), listTagNames(db, viewer.id)]);
  const answer: TagSubtreeCount[] = [];
  for (const path of parentPaths([...listed, ...counts.keys()])) {
    const used = [...counts.keys()].filter((tag) => tag === path || tag.startsWith(`${path}/`));
    const count = used.length === 0 ? 0 : used.length === 1 ? counts.get(used[0]!)! : await countSubtreeMemos(db, engine, viewer.id, path);
    answer.push({ path, count });
  }
  return answer;
}
