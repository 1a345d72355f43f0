// MemoService's share links: our private share links (`memos/{uid}/shares/{id}`), made, listed and revoked by the
// memo's author through the share service and its policy, and opened by anyone holding a token. Tokens are kept
// hashed, so a creation's answer is the one place a token shows: that share's name ends in it (memos names a share
// by its token), while a list names each by its id; a deletion takes either.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampDate, timestampFromMs } from "@bufbuild/protobuf/wkt";
import { type Memo as V0Memo, type MemoShare as V0MemoShare, memoShareCreateSchema } from "@memos/common";
import type { AppContext } from "../../context.js";
import { createMemoShare, listMemoShares, openSharedMemo, revokeMemoShare, revokeMemoShareByToken } from "../../services/share.service.js";
import { memoUidsOf } from "../../store/sql/memo/memo-uid.js";
import { resourceUidsOf } from "../../store/sql/resource.store.js";
import type { MemoSchema, MemoService, MemoShareSchema } from "../gen/memos/api/v1/memo_service_pb.js";
import { checked, withV1Fields } from "../checked.js";
import { memoIdOf } from "../memo-target.js";
import { memoShareName, memoShareOf, memoUidOf } from "../names.js";
import { presentMemo } from "../presenters/memo.presenter.js";
import type { ServiceRpcs } from "../rpc.js";
import { invalidArgument } from "../transport/errors.js";

const FIELDS = { expiresTs: "memo_share.expire_time" };

const time = (seconds: number | null) => (seconds === null ? undefined : timestampFromMs(seconds * 1000));

function presentShare(memoUid: string, share: V0MemoShare, segment: number | string): MessageInitShape<typeof MemoShareSchema> {
  return { name: memoShareName(memoUid, segment), createTime: time(share.createdTs), expireTime: time(share.expiresTs) };
}

/** The shared memo as v1 shows a memo (its uid, its attachments by theirs). */
async function presentSharedMemo(ctx: AppContext, memo: V0Memo): Promise<MessageInitShape<typeof MemoSchema>> {
  const { db } = ctx.store;
  const [uids, resourceUids] = await Promise.all([
    memoUidsOf(db, [memo.id]),
    resourceUidsOf(
      db,
      memo.resourceList.map((resource) => resource.id),
    ),
  ]);
  return presentMemo(memo, uids.get(memo.id) ?? "", resourceUids);
}

export const memoShareRpcs = {
  createMemoShare: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const memoId = await memoIdOf(ctx, input.parent, "parent");
      const expire = input.memoShare?.expireTime;
      const expiresTs = expire === undefined ? undefined : Math.floor(timestampDate(expire).getTime() / 1000);
      const create = checked(memoShareCreateSchema, { expiresTs }, FIELDS, "memo_share");
      const created = await withV1Fields(FIELDS, () => createMemoShare(ctx, viewer, memoId, create));
      const share = (await listMemoShares(ctx, viewer, memoId)).find((live) => live.id === created.id);
      if (!share) throw new Error("a share just made is not listed");
      return presentShare(memoUidOf(input.parent, "parent"), share, created.token);
    },
  },
  listMemoShares: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const memoId = await memoIdOf(ctx, input.parent, "parent");
      const uid = memoUidOf(input.parent, "parent");
      return { memoShares: (await listMemoShares(ctx, viewer, memoId)).map((share) => presentShare(uid, share, share.id)) };
    },
  },
  deleteMemoShare: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const { memo, share } = memoShareOf(input.name);
      const memoId = await memoIdOf(ctx, memo, "name");
      if ("token" in share) await revokeMemoShareByToken(ctx, viewer, memoId, share.token);
      else await revokeMemoShare(ctx, viewer, memoId, share.id);
      return {};
    },
  },
  getSharedMemo: {
    access: "public",
    handle: async (input, { ctx }) => {
      if (input.shareToken === "") throw invalidArgument("share_token", "a share token is required");
      return presentSharedMemo(ctx, await openSharedMemo(ctx, input.shareToken));
    },
  },
} satisfies Pick<ServiceRpcs<typeof MemoService>, "createMemoShare" | "listMemoShares" | "deleteMemoShare" | "getSharedMemo">;
