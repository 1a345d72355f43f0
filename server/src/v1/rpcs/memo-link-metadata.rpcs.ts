// MemoService's link previews (memos' web app asks for one per link in a memo): the page's title, description and
// image through our link preview service, which fetches public addresses only. A fetch made on the caller's behalf,
// so a signed-in caller's alone; a batch is read in order and stops at the first failure, as memos does.
import type { MemoService } from "../gen/memos/api/v1/memo_service_pb.js";
import type { AppContext } from "../../context.js";
import { linkPreview } from "../../services/link-preview.service.js";
import { withV1Fields } from "../checked.js";
import type { ServiceRpcs } from "../rpc.js";
import { invalidArgument } from "../transport/errors.js";

/** As memos: at most this many links a batch. */
const MAX_BATCH = 10;

async function metadataOf(ctx: AppContext, url: string, field: string) {
  const meta = await withV1Fields({ url: field }, () => linkPreview(ctx, url));
  return { url, ...meta };
}

export const memoLinkMetadataRpcs = {
  getLinkMetadata: {
    access: "signed-in",
    handle: async (input, { ctx }) => metadataOf(ctx, input.url, "url"),
  },
  batchGetLinkMetadata: {
    access: "signed-in",
    handle: async (input, { ctx }) => {
      if (input.urls.length === 0) throw invalidArgument("urls", "at least one link is required");
      if (input.urls.length > MAX_BATCH) throw invalidArgument("urls", `at most ${MAX_BATCH} links`);
      const linkMetadata = [];
      for (const [i, url] of input.urls.entries()) linkMetadata.push(await metadataOf(ctx, url, `urls[${i}]`));
      return { linkMetadata };
    },
  },
} satisfies Pick<ServiceRpcs<typeof MemoService>, "getLinkMetadata" | "batchGetLinkMetadata">;
