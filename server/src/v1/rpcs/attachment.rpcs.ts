// AttachmentService: our resources as attachments (`attachments/{uid}`), stored, listed, renamed and deleted through
// the resource service and its rules (a resource is its owner's; its file is readable through a memo the reader may
// read; uploads are held to --max-upload-mb). The bytes come inline on creation and go out at /file/attachments.
import { type Resource, resourceCreateSchema, resourcePatchSchema } from "@memos/common";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { AppContext, Viewer } from "../../context.js";
import { authorizedMemo } from "../../services/memo.service.js";
import {
  createExternalResource,
  deleteResource,
  deleteResources,
  getReadableResource,
  linkResourceToMemo,
  listResources,
  patchResource,
  resourceIdByUid,
  resourceIdsByUids,
  uploadResource,
} from "../../services/resource.service.js";
import { firstLinkedMemoUidsOf, resourceUidsOf } from "../../store/sql/resource.store.js";
import { type Attachment, type AttachmentSchema, AttachmentService } from "../gen/memos/api/v1/attachment_service_pb.js";
import { memoIdOf } from "../memo-target.js";
import { checked } from "../checked.js";
import { attachmentUidOf, isValidUid } from "../names.js";
import { pageSizeOf, positionOf, positionToken } from "../page-token.js";
import { presentAttachment } from "../presenters/attachment.presenter.js";
import { v1Service } from "../rpc.js";
import { invalidArgument } from "../transport/errors.js";

/** Resources as v1 attachments: their uids and a memo each is linked to, two queries for the lot. */
export async function presentAttachments(
  ctx: AppContext,
  resources: readonly Resource[],
): Promise<Array<MessageInitShape<typeof AttachmentSchema>>> {
  const ids = resources.map((resource) => resource.id);
  const [uids, memos] = await Promise.all([resourceUidsOf(ctx.store.db, ids), firstLinkedMemoUidsOf(ctx.store.db, ids)]);
  return resources.map((resource) => presentAttachment(resource, uids.get(resource.id) ?? "", memos.get(resource.id)));
}

const presentOne = async (ctx: AppContext, resource: Resource) => (await presentAttachments(ctx, [resource]))[0]!;

/** The resource an attachment's name refers to (the resource service then judges the caller). */
const attachmentIdOf = async (ctx: AppContext, name: string, field: string) => resourceIdByUid(ctx, attachmentUidOf(name, field));

/** The most names one BatchDeleteAttachments takes (memos' limit). */
const BATCH_DELETE_LIMIT = 100;

/** A MIME type: `type/subtype`, parameters allowed. */
const MIME_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(\s*;.*)?$/;

const UPLOAD_FIELDS = { filename: "attachment.filename", type: "attachment.type", externalLink: "attachment.external_link" };

/** `memo_id == null` (not on any memo) or `!= null`, the filters the memos web app's attachment page asks. */
function linkedFilterOf(filter: string): boolean | undefined {
  const trimmed = filter.replace(/\s+/g, " ").trim();
  if (trimmed === "") return undefined;
  if (trimmed === "memo_id == null") return false;
  if (trimmed === "memo_id != null") return true;
  throw invalidArgument("filter", `only memo_id == null or memo_id != null is supported, not ${JSON.stringify(filter)}`);
}

/** Stores the attachment's bytes (or its external link) as a resource of the caller's. */
async function createAttachment(ctx: AppContext, viewer: Viewer, attachment: Attachment, uid: string | undefined): Promise<Resource> {
  const chosen = uid === undefined ? {} : { uid };
  if (attachment.content.length === 0) {
    if (attachment.externalLink === "") throw invalidArgument("attachment.content", "send the bytes, or an external_link");
    const create = checked(
      resourceCreateSchema,
      { filename: attachment.filename, externalLink: attachment.externalLink, type: attachment.type },
      UPLOAD_FIELDS,
      "attachment",
    );
    return createExternalResource(ctx, viewer, create, chosen);
  }
  const { filename } = checked(
    resourceCreateSchema.pick({ filename: true }),
    { filename: attachment.filename },
    UPLOAD_FIELDS,
    "attachment",
  );
  if (!MIME_TYPE.test(attachment.type)) throw invalidArgument("attachment.type", `${JSON.stringify(attachment.type)} is not a MIME type`);
  const bytes = Buffer.from(attachment.content.buffer, attachment.content.byteOffset, attachment.content.byteLength);
  if (bytes.length > ctx.config.maxUploadBytes)
    throw invalidArgument("attachment.content", `file size exceeds the limit of ${ctx.config.maxUploadBytes} bytes`);
  return uploadResource(ctx, viewer, { filename, type: attachment.type, data: bytes }, chosen);
}

export const attachmentRpcs = v1Service(AttachmentService, {
  createAttachment: {
    access: "signed-in",
    // The bytes in base64 (JSON), a third more than the largest upload, and the rest of the attachment.
    bodyBytes: (config) => Math.ceil((config.maxUploadBytes * 4) / 3) + 64 * 1024,
    handle: async (input, { ctx, viewer }) => {
      const { attachment } = input;
      if (!attachment) throw invalidArgument("attachment", "an attachment is required");
      if (input.attachmentId !== "" && !isValidUid(input.attachmentId))
        throw invalidArgument("attachment_id", "1 to 36 letters, digits and hyphens, no hyphen at either end");
      // The memo first: a memo the caller may not attach to is refused before anything is stored.
      const memoId =
        attachment.memo === undefined || attachment.memo === "" ? undefined : await memoIdOf(ctx, attachment.memo, "attachment.memo");
      if (memoId !== undefined) await authorizedMemo(ctx, viewer, memoId, "link-resource");
      const created = await createAttachment(ctx, viewer, attachment, input.attachmentId === "" ? undefined : input.attachmentId);
      if (memoId !== undefined) await linkResourceToMemo(ctx, viewer, memoId, created.id);
      return presentOne(ctx, created);
    },
  },
  listAttachments: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const linked = linkedFilterOf(input.filter);
      const order = input.orderBy.trim().toLowerCase().replace(/\s+/g, " ");
      if (order !== "" && order !== "create_time desc")
        throw invalidArgument("order_by", `${JSON.stringify(input.orderBy)} is not supported (create_time desc is)`);
      const size = pageSizeOf(input.pageSize);
      const offset = positionOf("offset", input.pageToken, 0);
      const all = (await listResources(ctx, viewer))
        .filter((resource) => linked === undefined || resource.linkedMemoAmount > 0 === linked)
        .sort((a, b) => b.createdTs - a.createdTs || b.id - a.id);
      const page = all.slice(offset, offset + size);
      return {
        attachments: await presentAttachments(ctx, page),
        nextPageToken: offset + size < all.length ? positionToken("offset", offset + size) : "",
      };
    },
  },
  getAttachment: {
    access: "public",
    handle: async (input, { ctx, viewer }) =>
      presentOne(ctx, await getReadableResource(ctx, viewer, await attachmentIdOf(ctx, input.name, "name"))),
  },
  updateAttachment: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const { attachment } = input;
      if (!attachment) throw invalidArgument("attachment", "an attachment is required");
      const id = await attachmentIdOf(ctx, attachment.name, "attachment.name");
      const paths = input.updateMask?.paths ?? [];
      if (paths.length === 0) throw invalidArgument("update_mask", "update mask is required");
      const unknown = paths.find((path) => path !== "filename" && path !== "name");
      if (unknown !== undefined) throw invalidArgument("update_mask", `${JSON.stringify(unknown)} cannot be updated`);
      const patch = checked(
        resourcePatchSchema,
        { filename: paths.includes("filename") ? attachment.filename : undefined },
        UPLOAD_FIELDS,
        "attachment",
      );
      return presentOne(ctx, await patchResource(ctx, viewer, id, patch));
    },
  },
  deleteAttachment: {
    access: "signed-in",
    handle: async (input, { ctx, viewer, request }) => {
      await deleteResource(ctx, viewer, await attachmentIdOf(ctx, input.name, "name"), request.log);
      return {};
    },
  },
  batchDeleteAttachments: {
    access: "signed-in",
    handle: async (input, { ctx, viewer, request }) => {
      if (input.names.length === 0) throw invalidArgument("names", "name at least one attachment");
      if (input.names.length > BATCH_DELETE_LIMIT) throw invalidArgument("names", `at most ${BATCH_DELETE_LIMIT} at once`);
      const uids = input.names.map((name, i) => attachmentUidOf(name, `names[${i}]`));
      await deleteResources(ctx, viewer, await resourceIdsByUids(ctx, uids), request.log);
      return {};
    },
  },
});
