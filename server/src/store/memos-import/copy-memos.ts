// Memos and everything on them: memos keep their id and uid (v1's `memos/{uid}`), pins, tags, archive and place; memos that
// were comments (a COMMENT relation) become comments with their uid; references, reactions, attachments (bytes in the
// database, files under the data folder, links), share links and the inbox follow.
import { createHash } from "node:crypto";
import { isAbsolute, normalize } from "node:path";
import { extractTags, memoPropertyFlags, readLocation } from "@memos/common";
import type { Insertable } from "kysely";
import type { Db } from "../db.js";
import type { Database } from "../schema.js";
import { killPoint } from "./kill-point.js";
import { allRows, batchesOf, blobOf, type ConversionTally, jsonObject, type Source, secondsOf, textOf } from "./source.js";
import { REACTION_EMOJI } from "./versions.js";

const MEMO_BATCH = 500;
/** Attachments are read without their bytes (blobOf reads those one by one). */
const ATTACHMENT_BATCH = 200;
/** Every column of memos' attachments but the bytes: the same in 0.22 … 0.31. */
const ATTACHMENT_COLUMNS = [
  "id",
  "uid",
  "creator_id",
  "created_ts",
  "updated_ts",
  "filename",
  "type",
  "size",
  "memo_id",
  "storage_type",
  "reference",
  "payload",
] as const;

interface MemosMemo {
  id: number;
  uid: string;
  creator_id: number;
  created_ts: number;
  updated_ts: number;
  row_status: "NORMAL" | "ARCHIVED";
  content: string;
  visibility: "PUBLIC" | "PROTECTED" | "PRIVATE";
  pinned?: number | boolean;
  tags?: unknown;
  payload: unknown;
}

/** What the copy of memos learns that the later kinds need. */
export interface MemoMap {
  /** A comment's old memo id → its memo (the root, when it commented on a comment) and its new comment id. */
  comments: Map<number, { memoId: number; commentId: number }>;
  /** Every old uid → its old memo id (reactions of 0.22 … 0.30 name memos by uid). */
  uids: Map<string, number>;
  memoIds: Set<number>;
}

/** The memo each comment is on, followed up to a memo that is no comment. */
async function commentParents(source: Source): Promise<Map<number, number>> {
  const relations = await allRows<{ memo_id: number; related_memo_id: number; type: string }>(source, "memo_relation");
  const parent = new Map<number, number>();
  for (const relation of relations) if (relation.type === "COMMENT") parent.set(Number(relation.memo_id), Number(relation.related_memo_id));
  const root = new Map<number, number>();
  for (const comment of parent.keys()) {
    let at = parent.get(comment)!;
    for (let hops = 0; parent.has(at) && hops < 100; hops++) at = parent.get(at)!;
    root.set(comment, at);
  }
  return root;
}

/** JSON text parsed, or undefined when it is none (a hand-edited row must not stop the conversion). */
function jsonValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function tagsOf(memo: MemosMemo): string[] {
  const payloadTags = jsonObject(memo.payload).tags;
  const columnTags = typeof memo.tags === "string" ? jsonValue(memo.tags) : memo.tags;
  const listed = [payloadTags, columnTags].flatMap((tags) =>
    Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === "string" && tag !== "") : [],
  );
  return [...new Set([...extractTags(memo.content), ...listed])];
}

/**
 * The memo's place, from its payload's `location` (memos 0.22 … 0.31: `{placeholder, latitude, longitude}`, the
 * coordinates at 0, 0 when memos had none); one we could not keep (out of range, hand-edited) is left out.
 */
function placeOf(memo: MemosMemo) {
  const location = jsonObject(memo.payload).location;
  if (!location || typeof location !== "object") return null;
  const { placeholder, latitude, longitude } = location as Record<string, unknown>;
  return readLocation(placeholder, latitude, longitude, true);
}

export async function copyMemos(tx: Db, source: Source, tally: ConversionTally): Promise<MemoMap> {
  const parents = await commentParents(source);
  const map: MemoMap = { comments: new Map(), uids: new Map(), memoIds: new Set() };
  const pinnedByOrganizer = new Set<string>();
  if (source.shape.pinnedFrom === "organizer") {
    for (const row of await allRows<{ memo_id: number; user_id: number; pinned: number }>(source, "memo_organizer"))
      if (Number(row.pinned) === 1) pinnedByOrganizer.add(`${row.memo_id}:${row.user_id}`);
  }
  /** Comments that had a place: ours have none. */
  let located = 0;
  const pending: Array<{ memo: MemosMemo; memoId: number }> = [];
  for await (const memos of batchesOf<MemosMemo>(source, "memo", MEMO_BATCH)) {
    const rows: Insertable<Database["memo"]>[] = [];
    // With the memo's creator and display time, which the insert trigger would otherwise look up row by row.
    const tags: Array<{ memo_id: number; tag: string; creator_id: number; display_ts: number }> = [];
    const pins: Array<{ memo_id: number; user_id: number; pinned: number }> = [];
    for (const memo of memos) {
      const id = Number(memo.id);
      map.uids.set(memo.uid, id);
      const place = placeOf(memo);
      const parent = parents.get(id);
      if (parent !== undefined) {
        if (place) located++;
        pending.push({ memo, memoId: parent });
        continue;
      }
      map.memoIds.add(id);
      rows.push({
        id,
        uid: memo.uid,
        creator_id: Number(memo.creator_id),
        created_ts: secondsOf(memo.created_ts),
        updated_ts: secondsOf(memo.updated_ts),
        display_ts: secondsOf(memo.created_ts),
        row_status: memo.row_status,
        content: memo.content,
        // Read by v1's stats and property filters without the text (migration 048).
        property_flags: memoPropertyFlags(memo.content),
        visibility: memo.visibility,
        location_placeholder: place?.placeholder ?? null,
        location_latitude: place?.latitude ?? null,
        location_longitude: place?.longitude ?? null,
      });
      for (const tag of tagsOf(memo))
        tags.push({ memo_id: id, tag, creator_id: Number(memo.creator_id), display_ts: secondsOf(memo.created_ts) });
      const pinned =
        source.shape.pinnedFrom === "column" ? Boolean(Number(memo.pinned)) : pinnedByOrganizer.has(`${id}:${memo.creator_id}`);
      if (pinned) pins.push({ memo_id: id, user_id: Number(memo.creator_id), pinned: 1 });
    }
    // One statement per kind and batch: a 200k-memo database is a few hundred statements, not a million.
    if (rows.length > 0) await tx.insertInto("memo").values(rows).execute();
    for (let at = 0; at < tags.length; at += MEMO_BATCH)
      await tx
        .insertInto("memo_tag")
        .values(tags.slice(at, at + MEMO_BATCH))
        .execute();
    if (pins.length > 0) await tx.insertInto("memo_organizer").values(pins).execute();
    tally.add("memos", rows.length);
    tally.add("tags", tags.length);
    killPoint("memos-batch");
    tally.add("pins", pins.length);
    // Comments whose memo is copied by now (ids grow with time, so nearly all): copied batch by batch; the others
    // wait for their memo.
    const ready = pending.filter((comment) => map.memoIds.has(comment.memoId));
    await copyComments(tx, ready, map, tally);
    pending.splice(0, pending.length, ...pending.filter((comment) => !map.memoIds.has(comment.memoId)));
  }
  // What still waits is on a memo that is gone (or is no memo): nothing to hang it on.
  if (pending.length > 0) tally.leave(`${pending.length} comments on memos that no longer exist`);
  if (located > 0) tally.leave(`${located} comment locations (comments have no place; the kept copy holds them)`);
  return map;
}

/**
 * Comments in one statement per batch. Their ids are given here, counting from 1 (our tables are new and empty), so
 * no answer is needed to know them; PostgreSQL's sequence is moved past them afterwards (copyEverything).
 */
async function copyComments(
  tx: Db,
  comments: Array<{ memo: MemosMemo; memoId: number }>,
  map: MemoMap,
  tally: ConversionTally,
): Promise<void> {
  if (comments.length === 0) return;
  const rows = comments.map(({ memo, memoId }) => {
    const id = map.comments.size + 1;
    map.comments.set(Number(memo.id), { memoId, commentId: id });
    return {
      id,
      memo_id: memoId,
      creator_id: Number(memo.creator_id),
      content: memo.content,
      created_ts: secondsOf(memo.created_ts),
      updated_ts: secondsOf(memo.updated_ts),
      uid: memo.uid,
    };
  });
  for (let at = 0; at < rows.length; at += MEMO_BATCH)
    await tx
      .insertInto("memo_comment")
      .values(rows.slice(at, at + MEMO_BATCH))
      .execute();
  tally.add("comments", rows.length);
}

export async function copyReferences(tx: Db, source: Source, map: MemoMap, tally: ConversionTally): Promise<void> {
  const relations = await allRows<{ memo_id: number; related_memo_id: number; type: string }>(source, "memo_relation");
  let skipped = 0;
  for (const relation of relations) {
    if (relation.type === "COMMENT") continue;
    const from = Number(relation.memo_id);
    const to = Number(relation.related_memo_id);
    if (relation.type !== "REFERENCE" || !map.memoIds.has(from) || !map.memoIds.has(to)) {
      skipped++;
      continue;
    }
    await tx.insertInto("memo_relation").values({ memo_id: from, related_memo_id: to, type: "REFERENCE" }).execute();
    tally.add("references");
  }
  if (skipped > 0) tally.leave(`${skipped} memo relations to or from a comment or a memo gone (the link stays in the text)`);
}

export async function copyReactions(tx: Db, source: Source, map: MemoMap, tally: ConversionTally): Promise<void> {
  let orphans = 0;
  // One emoji per person and memo here: 0.22's names and emoji written by clients may say the same one twice.
  const seen = new Set<string>();
  for await (const reactions of batchesOf<Record<string, unknown> & { id: number }>(source, "reaction", MEMO_BATCH)) {
    const onMemos: Array<{ memo_id: number; creator_id: number; emoji: string; created_ts: number }> = [];
    const onComments: Array<{ comment_id: number; creator_id: number; emoji: string; created_ts: number }> = [];
    for (const reaction of reactions) {
      const target =
        source.shape.reactionTarget === "memo_id"
          ? Number(reaction.memo_id)
          : map.uids.get(textOf(reaction.content_id).replace(/^memos\//, ""));
      const type = textOf(reaction.reaction_type);
      const emoji = source.shape.reactionNames ? (REACTION_EMOJI[type] ?? type) : type;
      const creator = Number(reaction.creator_id);
      const created = secondsOf(reaction.created_ts);
      const comment = target === undefined ? undefined : map.comments.get(target);
      const key = `${target}:${creator}:${emoji}`;
      if (target !== undefined && seen.has(key)) continue;
      seen.add(key);
      if (comment) onComments.push({ comment_id: comment.commentId, creator_id: creator, emoji, created_ts: created });
      else if (target !== undefined && map.memoIds.has(target))
        onMemos.push({ memo_id: target, creator_id: creator, emoji, created_ts: created });
      else orphans++;
    }
    if (onMemos.length > 0) await tx.insertInto("memo_reaction").values(onMemos).execute();
    if (onComments.length > 0) await tx.insertInto("comment_reaction").values(onComments).execute();
    tally.add("reactions", onMemos.length + onComments.length);
  }
  if (orphans > 0) tally.leave(`${orphans} reactions on memos that no longer exist`);
}

interface MemosAttachment {
  id: number;
  uid: string;
  creator_id: number;
  created_ts: number;
  updated_ts: number;
  filename: string;
  type: string;
  size: number;
  memo_id: number | null;
  storage_type: string;
  reference: string;
  payload: unknown;
}

/** Where an S3 object of memos is, as a link: `<endpoint>/<bucket>/<key>` from the config it was stored with. */
function s3Link(attachment: MemosAttachment, fallback: Record<string, unknown>): string {
  const object = jsonObject(jsonObject(attachment.payload).s3Object);
  const config = { ...fallback, ...jsonObject(object.s3Config) };
  const key = textOf(object.key) || attachment.reference;
  const endpoint = textOf(config.endpoint).replace(/\/+$/, "");
  const bucket = textOf(config.bucket);
  return endpoint && bucket ? `${endpoint}/${bucket}/${key}` : key;
}

/** Our internal_path (under <data>/assets) for memos' LOCAL reference, or null when it points elsewhere. */
function assetPathOf(reference: string): string | null {
  if (isAbsolute(reference)) return null;
  const path = normalize(reference).replaceAll("\\", "/");
  return path.startsWith("assets/") && !path.split("/").includes("..") && !path.startsWith("assets/.incoming/")
    ? path.slice("assets/".length)
    : null;
}

export async function copyAttachments(
  tx: Db,
  source: Source,
  map: MemoMap,
  tally: ConversionTally,
  storage: Record<string, unknown>,
): Promise<void> {
  const outside: string[] = [];
  for await (const attachments of batchesOf<MemosAttachment>(source, source.shape.attachmentTable, ATTACHMENT_BATCH, ATTACHMENT_COLUMNS)) {
    for (const attachment of attachments) {
      const id = Number(attachment.id);
      let blob: Buffer | null = null;
      let internalPath = "";
      let externalLink = "";
      switch (attachment.storage_type) {
        case "LOCAL": {
          const path = assetPathOf(attachment.reference);
          if (path === null) outside.push(attachment.reference);
          internalPath = path ?? "";
          // A file outside our assets folder is kept as a path to show, not read.
          if (path === null) externalLink = attachment.reference;
          break;
        }
        case "EXTERNAL":
          externalLink = attachment.reference;
          break;
        case "S3":
          externalLink = s3Link(attachment, jsonObject(storage.s3Config));
          tally.add("attachments kept as S3 links");
          break;
        default:
          blob = await blobOf(source, source.shape.attachmentTable, id);
      }
      await tx
        .insertInto("resource")
        .values({
          id,
          uid: attachment.uid,
          creator_id: Number(attachment.creator_id),
          created_ts: secondsOf(attachment.created_ts),
          updated_ts: secondsOf(attachment.updated_ts),
          filename: attachment.filename,
          blob,
          external_link: externalLink,
          type: attachment.type,
          size: Number(attachment.size),
          internal_path: internalPath,
        })
        .execute();
      tally.add("attachments");
      const memoId = attachment.memo_id === null ? null : Number(attachment.memo_id);
      const comment = memoId === null ? undefined : map.comments.get(memoId);
      if (comment) await tx.insertInto("memo_comment_resource").values({ comment_id: comment.commentId, resource_id: id }).execute();
      else if (memoId !== null && map.memoIds.has(memoId))
        await tx
          .insertInto("memo_resource")
          .values({
            memo_id: memoId,
            resource_id: id,
            created_ts: secondsOf(attachment.created_ts),
            updated_ts: secondsOf(attachment.updated_ts),
          })
          .execute();
    }
  }
  if (outside.length > 0)
    tally.leave(
      `${outside.length} attachments stored outside the data folder's assets (${outside.slice(0, 3).join(", ")}…): move them under assets/ and upload again`,
    );
}

export async function copyShares(tx: Db, source: Source, map: MemoMap, tally: ConversionTally): Promise<void> {
  if (!source.shape.hasMemoShare) return;
  const shares = await allRows<{ uid: string; memo_id: number; creator_id: number; created_ts: number; expires_ts: number | null }>(
    source,
    "memo_share",
  );
  for (const share of shares) {
    if (!map.memoIds.has(Number(share.memo_id))) continue;
    await tx
      .insertInto("memo_share")
      .values({
        memo_id: Number(share.memo_id),
        creator_id: Number(share.creator_id),
        // memos' link carries the uid itself; we keep only its hash, as for our own links.
        token_hash: createHash("sha256").update(share.uid).digest("hex"),
        created_ts: secondsOf(share.created_ts),
        expires_ts: share.expires_ts === null ? null : secondsOf(share.expires_ts),
      })
      .execute();
    tally.add("share links");
  }
}

export async function copyInbox(tx: Db, source: Source, map: MemoMap, tally: ConversionTally): Promise<void> {
  const activities = new Map<number, Record<string, unknown>>();
  if (source.shape.inboxFrom === "activity")
    for (const activity of await allRows<{ id: number; payload: unknown }>(source, "activity"))
      activities.set(Number(activity.id), jsonObject(activity.payload));
  let others = 0;
  for (const item of await allRows<{ created_ts: number; sender_id: number; receiver_id: number; status: string; message: unknown }>(
    source,
    "inbox",
  )) {
    const message = jsonObject(item.message);
    const pair = jsonObject(message.memoComment ?? activities.get(Number(message.activityId))?.memoComment);
    const comment = map.comments.get(Number(pair.memoId));
    if (message.type !== "MEMO_COMMENT" || !comment) {
      others++;
      continue;
    }
    const created = secondsOf(item.created_ts);
    await tx
      .insertInto("inbox_item")
      .values({
        user_id: Number(item.receiver_id),
        kind: "comment",
        memo_id: comment.memoId,
        actor_id: Number(item.sender_id),
        detail: String(comment.commentId),
        created_ts: created,
        read_ts: item.status === "ARCHIVED" ? created : null,
      })
      .execute();
    tally.add("inbox items");
  }
  if (others > 0) tally.leave(`${others} inbox messages of other kinds or about comments gone`);
}
