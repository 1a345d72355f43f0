// Our resource as a v1 Attachment, under its uid: its bytes are never in an answer (they are at /file/attachments);
// `memo` is a memo it is linked to, when it is.
import type { Resource } from "@memos/common";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import type { AttachmentSchema } from "../gen/memos/api/v1/attachment_service_pb.js";
import { attachmentName, memoName } from "../names.js";

export function presentAttachment(resource: Resource, uid: string, memoUid: string | undefined): MessageInitShape<typeof AttachmentSchema> {
  return {
    name: attachmentName(uid),
    createTime: timestampFromMs(resource.createdTs * 1000),
    filename: resource.filename,
    externalLink: resource.externalLink,
    type: resource.type,
    size: BigInt(resource.size),
    ...(memoUid !== undefined && { memo: memoName(memoUid) }),
  };
}
