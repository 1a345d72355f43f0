// MemoService's attachments: a memo's resources as v1 attachments. Setting them replaces the memo's set with the
// caller's attachments named (only the memo's author, only their own resources; the others stay, unlinked).
import type { AppContext } from "../../context.js";
import { listMemoResources, replaceMemoResources, resourceIdsByUids } from "../../services/resource.service.js";
import type { Attachment } from "../gen/memos/api/v1/attachment_service_pb.js";
import type { MemoService } from "../gen/memos/api/v1/memo_service_pb.js";
import { memoIdOf } from "../memo-target.js";
import type { ServiceRpcs } from "../rpc.js";
import { attachmentUidOf } from "../names.js";
import { presentAttachments } from "./attachment.rpcs.js";

/** The resource ids of attachments given by name (`field`: where they are, for a refusal: `memo.attachments`). */
export async function resourceIdsOf(ctx: AppContext, attachments: readonly Attachment[], field: string): Promise<number[]> {
  const uids = attachments.map((attachment, i) => attachmentUidOf(attachment.name, `${field}[${i}].name`));
  return [...new Set(await resourceIdsByUids(ctx, uids))];
}

export const memoAttachmentRpcs = {
  setMemoAttachments: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const memoId = await memoIdOf(ctx, input.name, "name");
      await replaceMemoResources(ctx, viewer, memoId, await resourceIdsOf(ctx, input.attachments, "attachments"));
      return {};
    },
  },
  listMemoAttachments: {
    access: "public",
    handle: async (input, { ctx, viewer }) => {
      const memoId = await memoIdOf(ctx, input.name, "name");
      return { attachments: await presentAttachments(ctx, await listMemoResources(ctx, viewer, memoId)), nextPageToken: "" };
    },
  },
} satisfies Pick<ServiceRpcs<typeof MemoService>, "setMemoAttachments" | "listMemoAttachments">;
