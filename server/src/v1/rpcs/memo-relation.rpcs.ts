// MemoService's relations: our references between memos, which a memo's text makes (`/m/<id>` links). Listing reads
// them both ways as the relation service shows them; setting adds a reference the text lacks as a link at its end
// (the editor's own Markdown), and leaves the text's references as they are: a reference goes by editing the text.
import { memoLinkMarkdown, memoLinks, memoPatchSchema } from "@memos/common";
import { authorizedMemo, getMemo, patchMemo } from "../../services/memo.service.js";
import { getMemoRelation } from "../../services/relation.service.js";
import { memoUidsOf } from "../../store/sql/memo/memo-uid.js";
import type { AppContext, Viewer } from "../../context.js";
import { type MemoRelation, MemoRelation_Type, type MemoService } from "../gen/memos/api/v1/memo_service_pb.js";
import { checked } from "../checked.js";
import { memoIdOf } from "../memo-target.js";
import { positionOf, positionToken } from "../page-token.js";
import { presentReference } from "../presenters/relation.presenter.js";
import type { ServiceRpcs } from "../rpc.js";
import { invalidArgument } from "../transport/errors.js";

/**
 * Writes a reference to each memo the relations name that the memo's text does not link yet, as links at its end
 * (one edit); `field` names the list for a refusal. Only the memo's author may; a memo named must be one they may read.
 */
export async function addReferences(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  relations: readonly MemoRelation[],
  field: string,
): Promise<void> {
  // Judged first, so a caller who may not change the memo learns nothing of the memos named.
  const memo = await authorizedMemo(ctx, viewer, id, "update");
  const linked = new Set(memoLinks(memo.content));
  const added: string[] = [];
  for (const [i, relation] of relations.entries()) {
    if (relation.type === MemoRelation_Type.COMMENT) continue;
    const name = `${field}[${i}].related_memo.name`;
    if (!relation.relatedMemo) throw invalidArgument(name, "the related memo is required");
    const relatedId = await memoIdOf(ctx, relation.relatedMemo.name, name);
    if (relatedId === id || linked.has(relatedId)) continue;
    // A memo the caller may not read is not linked to (its refusal, 403 or 404, says so).
    const related = await getMemo(ctx, viewer, relatedId);
    added.push(memoLinkMarkdown(relatedId, related.content));
    linked.add(relatedId);
  }
  if (added.length === 0) return;
  const content = `${memo.content.trimEnd()}\n\n${added.join("\n")}`;
  await patchMemo(ctx, viewer, id, checked(memoPatchSchema, { content }, { content: field }, field));
}

export const memoRelationRpcs = {
  setMemoRelations: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      await addReferences(ctx, viewer, await memoIdOf(ctx, input.name, "name"), input.relations, "relations");
      return {};
    },
  },
  listMemoRelations: {
    access: "public",
    handle: async (input, { ctx, viewer }) => {
      const id = await memoIdOf(ctx, input.name, "name");
      const before = positionOf("before", input.pageToken, 0);
      const memo = await getMemo(ctx, viewer, id);
      const relation = await getMemoRelation(ctx, viewer, id, before === 0 ? {} : { before });
      // The memo's own references come with the first page; later pages go on through those referencing it.
      const links = before === 0 ? relation.links : [];
      const uids = await memoUidsOf(ctx.store.db, [id, ...links.map((link) => link.id), ...relation.backlinks.map((link) => link.id)]);
      const self = { uid: uids.get(id) ?? "", text: memo.content };
      const side = (related: { id: number; snippet: string }) => ({ uid: uids.get(related.id) ?? "", text: related.snippet });
      return {
        relations: [
          ...links.map((link) => presentReference(self, side(link))),
          ...relation.backlinks.map((backlink) => presentReference(side(backlink), self)),
        ],
        nextPageToken: relation.next === null ? "" : positionToken("before", relation.next),
      };
    },
  },
} satisfies Pick<ServiceRpcs<typeof MemoService>, "setMemoRelations" | "listMemoRelations">;
