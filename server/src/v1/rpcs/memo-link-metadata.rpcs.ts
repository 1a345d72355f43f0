// MemoService's link previews: not served. We keep no link previews, and fetching a page for one would be an
// outgoing request a visitor could aim; both RPCs answer Unimplemented (memos' web app then shows a plain link).
import { Code, ConnectError } from "@connectrpc/connect";
import type { MemoService } from "../gen/memos/api/v1/memo_service_pb.js";
import type { ServiceRpcs } from "../rpc.js";

const unserved = () => new ConnectError("link previews are not served here", Code.Unimplemented);

export const memoLinkMetadataRpcs = {
  getLinkMetadata: {
    access: "public",
    handle: async () => {
      throw unserved();
    },
  },
  batchGetLinkMetadata: {
    access: "public",
    handle: async () => {
      throw unserved();
    },
  },
} satisfies Pick<ServiceRpcs<typeof MemoService>, "getLinkMetadata" | "batchGetLinkMetadata">;
