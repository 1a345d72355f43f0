// MemoService: create, read, list, update and delete memos by their names (`memos/{uid}`), through the same
// services, policies and store as v0; what v1 adds is the naming, the paging tokens and the masks.
import {
  coordinatesFromWire,
  locationProblem,
  type Memo as V0Memo,
  type MemoListOrder,
  type MemoLocation,
  memoCreateSchema,
  memoPatchSchema,
  type RowStatus,
  type Visibility as V0Visibility,
} from "@memos/common";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import type { AppContext, Viewer } from "../../context.js";
import { decodeCursor, encodeCursor } from "../../services/memo-cursor.js";
import { authorizedMemo, createMemo, getMemo, patchMemo, pinMemo } from "../../services/memo.service.js";
import { listMemosMatchingAny, type MemoAlternative } from "../../services/memo-alternatives.service.js";
import { replaceMemoResources } from "../../services/resource.service.js";
import { findUsersByUsernames } from "../../store/sql/user.store.js";
import { trashMemo } from "../../services/trash.service.js";
import { memoUidsOf } from "../../store/sql/memo/memo-uid.js";
import { resourceUidsOf } from "../../store/sql/resource.store.js";
import { callerOf } from "../../http/request-context.js";
import { State } from "../gen/memos/api/v1/common_pb.js";
import { type Memo, type MemoSchema, MemoService, Visibility } from "../gen/memos/api/v1/memo_service_pb.js";
import { memoTargetOf } from "../memo-target.js";
import { checked } from "../checked.js";
import { pageSizeOf } from "../page-token.js";
import { servedMemoOrder } from "../memo-order.js";
import { isValidUid } from "../names.js";
import { presentMemo } from "../presenters/memo.presenter.js";
import { v1Service } from "../rpc.js";
import { creatorNames, filterAlternatives } from "../filter/filter-plan.js";
import { compileMemoFilter } from "../filter/memo-cel.js";
import { invalidArgument } from "../transport/errors.js";
import { memoAttachmentRpcs, resourceIdsOf } from "./memo-attachment.rpcs.js";
import { commentRpcs, memoCommentRpcs } from "./memo-comment.rpcs.js";
import { memoLinkMetadataRpcs } from "./memo-link-metadata.rpcs.js";
import { memoReactionRpcs } from "./memo-reaction.rpcs.js";
import { addReferences, memoRelationRpcs } from "./memo-relation.rpcs.js";
import { memoShareRpcs } from "./memo-share.rpcs.js";

async function presentMemos(ctx: AppContext, memos: readonly V0Memo[]): Promise<Array<MessageInitShape<typeof MemoSchema>>> {
  const { db } = ctx.store;
  const [uids, resourceUids] = await Promise.all([
    memoUidsOf(
      db,
      memos.map((memo) => memo.id),
    ),
    resourceUidsOf(
      db,
      memos.flatMap((memo) => memo.resourceList.map((resource) => resource.id)),
    ),
  ]);
  return memos.map((memo) => presentMemo(memo, uids.get(memo.id) ?? "", resourceUids));
}

const presentOne = async (ctx: AppContext, memo: V0Memo) => (await presentMemos(ctx, [memo]))[0]!;

function visibilityOf(value: Visibility, field: string): V0Visibility | undefined {
  switch (value) {
    case Visibility.VISIBILITY_UNSPECIFIED:
      return undefined;
    case Visibility.PRIVATE:
      return "PRIVATE";
    case Visibility.PROTECTED:
      return "PROTECTED";
    case Visibility.PUBLIC:
      return "PUBLIC";
    default:
      throw invalidArgument(field, `unknown visibility ${value}`);
  }
}

function rowStatusOf(value: State, field: string): RowStatus | undefined {
  switch (value) {
    case State.STATE_UNSPECIFIED:
      return undefined;
    case State.NORMAL:
      return "NORMAL";
    case State.ARCHIVED:
      return "ARCHIVED";
    default:
      throw invalidArgument(field, `unknown state ${value}`);
  }
}

/** Our memo fields as v1 names them, for refusals. */
const MEMO_FIELDS = {
  content: "memo.content",
  visibility: "memo.visibility",
  rowStatus: "memo.state",
  createdTs: "memo.create_time",
  resourceIdList: "memo.attachments",
  location: "memo.location",
};

/**
 * The memo's place as v1 sends it (null: none), 0, 0 read as no coordinates (common's coordinatesFromWire); a place
 * we cannot keep is InvalidArgument naming its field (`memo.location.latitude`).
 */
function locationOf(memo: Memo): MemoLocation | null {
  if (memo.location === undefined) return null;
  const { placeholder, latitude, longitude } = memo.location;
  const location = { placeholder, ...coordinatesFromWire(latitude, longitude) };
  const problem = locationProblem(location);
  if (problem) throw invalidArgument(`memo.location.${problem.field}`, problem.message);
  return location;
}

const seconds = (time: Memo["createTime"]) => (time ? Math.floor(timestampDate(time).getTime() / 1000) : undefined);

/** Fields an update may change (attachments: the whole set; relations: references added as SetMemoRelations adds them). */
const CHANGEABLE = new Set(["content", "visibility", "state", "pinned", "create_time", "attachments", "relations", "location"]);
/** Fields a mask may name that the server sets itself (clients send whole memos back): left as they are. */
const SERVER_SET = new Set(["name", "creator", "update_time", "tags", "reactions", "property", "parent", "snippet"]);

function cursorOf(token: string, order: MemoListOrder): string | undefined {
  if (token === "") return undefined;
  try {
    decodeCursor(token, order);
  } catch {
    throw invalidArgument("page_token", "not a page token this server gave");
  }
  return token;
}

/**
 * The filter's alternatives for the store: everything without one. `creator == "users/…"` names are looked up once
 * (a name without an account is no memo's creator).
 */
async function alternativesOf(ctx: AppContext, filter: string): Promise<MemoAlternative[]> {
  if (filter.trim() === "") return [{}];
  const node = await compileMemoFilter(filter, BigInt(Date.now()) * 1_000_000n);
  // memos compares the name exactly: the accounts whose names match ignoring case are looked up, then the exact one kept.
  const users = await findUsersByUsernames(ctx.store.db, creatorNames(node));
  return filterAlternatives(node, new Map(users.map((user) => [user.username, user.id])));
}

/**
 * One page of what the caller may see that the filter matches (a visitor, everyone's public memos; a member, their
 * own memos and everyone's shared ones; the archive, the caller's own), newest or oldest first (pinned first if asked). The token is the keyset
 * cursor after the page's last memo, so paging is stable under inserts.
 */
async function listPage(
  ctx: AppContext,
  viewer: Viewer,
  caller: string,
  input: {
    rowStatus: RowStatus;
    filter: string;
    size: number;
    cursor?: string;
    pinnedFirst: boolean;
    ascending: boolean;
    order: MemoListOrder;
  },
) {
  const alternatives = await alternativesOf(ctx, input.filter);
  // A search's steps read the newest memos first (its window, the full-text index's buckets).
  if (input.ascending && alternatives.some((alternative) => alternative.text))
    throw new ConnectError("order_by create_time asc is not served with a text filter yet", Code.Unimplemented);
  const { pinnedFirst, ascending, order } = input;
  const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor, order);
  const page = await listMemosMatchingAny(
    ctx,
    viewer,
    { rowStatus: input.rowStatus, alternatives, limit: input.size, after, pinnedFirst, ascending, order },
    caller,
  );
  const last = page.memos.at(-1);
  const pinned = pinnedFirst && last?.pinned ? 1 : 0;
  const ts = order === "updated" ? last?.updatedTs : last?.displayTs;
  const nextPageToken = page.more && last && ts !== undefined ? encodeCursor({ pinned, ts, id: last.id }, order) : "";
  return { memos: page.memos, nextPageToken };
}

export const memoRpcs = v1Service(MemoService, {
  createMemo: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const { memo } = input;
      if (!memo) throw invalidArgument("memo", "a memo is required");
      if (input.memoId !== "" && !isValidUid(input.memoId))
        throw invalidArgument("memo_id", "1 to 36 letters, digits and hyphens, no hyphen at either end");
      const location = locationOf(memo);
      const rowStatus = rowStatusOf(memo.state, "memo.state");
      const create = checked(
        memoCreateSchema,
        {
          content: memo.content,
          visibility: visibilityOf(memo.visibility, "memo.visibility") ?? "",
          createdTs: seconds(memo.createTime),
          resourceIdList: await resourceIdsOf(ctx, memo.attachments, "memo.attachments"),
          location,
        },
        MEMO_FIELDS,
        "memo.content",
      );
      let created = await createMemo(ctx, viewer, create, input.memoId === "" ? {} : { uid: input.memoId });
      if (memo.relations.length > 0) {
        await addReferences(ctx, viewer, created.id, memo.relations, "memo.relations");
        created = await getMemo(ctx, viewer, created.id);
      }
      if (rowStatus === "ARCHIVED") created = await patchMemo(ctx, viewer, created.id, { rowStatus });
      if (memo.pinned) created = await pinMemo(ctx, viewer, created.id, { pinned: true });
      return presentOne(ctx, created);
    },
  },
  listMemos: {
    access: "public",
    handle: async (input, { ctx, viewer, request }) => {
      const { pinnedFirst, ascending, order } = servedMemoOrder(input.orderBy);
      const state = rowStatusOf(input.state, "state") ?? "NORMAL";
      const page = await listPage(ctx, viewer, callerOf(request), {
        rowStatus: state,
        filter: input.filter,
        size: pageSizeOf(input.pageSize),
        cursor: cursorOf(input.pageToken, order),
        pinnedFirst,
        ascending,
        order,
      });
      return { memos: await presentMemos(ctx, page.memos), nextPageToken: page.nextPageToken };
    },
  },
  getMemo: {
    access: "public",
    handle: async (input, { ctx, viewer }) => {
      const target = await memoTargetOf(ctx, input.name, "name");
      if (target.kind === "comment") return commentRpcs.get(ctx, viewer, target.id);
      return presentOne(ctx, await getMemo(ctx, viewer, target.id));
    },
  },
  updateMemo: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const { memo } = input;
      if (!memo) throw invalidArgument("memo", "a memo is required");
      const target = await memoTargetOf(ctx, memo.name, "memo.name");
      const paths = input.updateMask?.paths ?? [];
      if (paths.length === 0) throw invalidArgument("update_mask", "update mask is required");
      if (target.kind === "comment") return commentRpcs.update(ctx, viewer, target.id, memo, paths);
      const { id } = target;
      const unknown = paths.find((path) => !SERVER_SET.has(path) && !CHANGEABLE.has(path));
      if (unknown !== undefined) throw invalidArgument("update_mask", `${JSON.stringify(unknown)} cannot be updated`);
      const named = (path: string) => paths.includes(path);
      const patch = checked(
        memoPatchSchema,
        {
          content: named("content") ? memo.content : undefined,
          visibility: named("visibility") ? visibilityOf(memo.visibility, "memo.visibility") : undefined,
          rowStatus: named("state") ? rowStatusOf(memo.state, "memo.state") : undefined,
          createdTs: named("create_time") ? seconds(memo.createTime) : undefined,
          location: named("location") ? locationOf(memo) : undefined,
        },
        MEMO_FIELDS,
        "memo.content",
      );
      const attachments = named("attachments") ? await resourceIdsOf(ctx, memo.attachments, "memo.attachments") : undefined;
      // Judged first, so a caller who may not change the memo learns nothing from a mask of fields left as they are.
      await authorizedMemo(ctx, viewer, id, "update");
      if (Object.values(patch).some((value) => value !== undefined)) await patchMemo(ctx, viewer, id, patch);
      if (attachments !== undefined) await replaceMemoResources(ctx, viewer, id, attachments);
      if (named("relations")) await addReferences(ctx, viewer, id, memo.relations, "memo.relations");
      if (named("pinned")) await pinMemo(ctx, viewer, id, { pinned: memo.pinned });
      return presentOne(ctx, await getMemo(ctx, viewer, id));
    },
  },
  deleteMemo: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const target = await memoTargetOf(ctx, input.name, "name");
      if (target.kind === "comment") await commentRpcs.remove(ctx, viewer, target.id);
      else await trashMemo(ctx, viewer, target.id);
      return {};
    },
  },
  ...memoAttachmentRpcs,
  ...memoRelationRpcs,
  ...memoCommentRpcs,
  ...memoReactionRpcs,
  ...memoShareRpcs,
  ...memoLinkMetadataRpcs,
});
