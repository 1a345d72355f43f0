// Our memo (as the v0 composer makes it for this caller) as a v1 Memo, under its uid, and our comment as the v1 Memo
// that comments are there (a parent, the parent's visibility). What v1 adds that we do not keep is derived from the
// text: the tags, the property flags and the snippet. A memo carries its attachments (our resources linked to it);
// its relations and reactions are listed by their own RPCs and left empty here.
import { type Comment, extractTags, type Memo as V0Memo, memoPropertiesOf, type Visibility as V0Visibility } from "@memos/common";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { State } from "../gen/memos/api/v1/common_pb.js";
import { type MemoSchema, Visibility } from "../gen/memos/api/v1/memo_service_pb.js";
import { memoName, userName } from "../names.js";
import { presentAttachment } from "./attachment.presenter.js";

const VISIBILITIES: Record<V0Visibility, Visibility> = {
  PRIVATE: Visibility.PRIVATE,
  PROTECTED: Visibility.PROTECTED,
  PUBLIC: Visibility.PUBLIC,
};

const SNIPPET_LENGTH = 100;

/** The text's start as plain words: Markdown's marks dropped, whitespace folded. */
export function snippetOf(content: string): string {
  const plain = content
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s*(?:#{1,6}|[-*+](?: \[[ xX]\])?|\d+\.|>)\s+/gm, "")
    .replace(/[*_`~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const characters = Array.from(plain);
  return characters.length > SNIPPET_LENGTH ? `${characters.slice(0, SNIPPET_LENGTH).join("").trimEnd()}...` : plain;
}

/** What a memo's text holds, as v1's `Memo.Property` says it: the flags the store keeps with each memo by the same
 * reading (common's memo-properties.ts), which filters check and user stats count, and the first heading as a title. */
function propertyOf(content: string) {
  const heading = /^#{1,6}\s+(.+)$/m.exec(content);
  return { ...memoPropertiesOf(content), title: heading?.[1]?.trim() ?? "" };
}

/** `resourceUids`: the uids of the memo's resources (its attachments), by id. */
export function presentMemo(
  memo: V0Memo,
  uid: string,
  resourceUids: ReadonlyMap<number, string> = new Map(),
): MessageInitShape<typeof MemoSchema> {
  return {
    name: memoName(uid),
    state: memo.rowStatus === "ARCHIVED" ? State.ARCHIVED : State.NORMAL,
    creator: userName(memo.creator.username),
    createTime: timestampFromMs(memo.createdTs * 1000),
    updateTime: timestampFromMs(memo.updatedTs * 1000),
    content: memo.content,
    visibility: VISIBILITIES[memo.visibility],
    tags: extractTags(memo.content),
    pinned: memo.pinned,
    attachments: memo.resourceList.map((resource) => presentAttachment(resource, resourceUids.get(resource.id) ?? "", uid)),
    property: propertyOf(memo.content),
    snippet: snippetOf(memo.content),
    // v1's coordinates are never absent: a place known by name only is at 0, 0 there (common's coordinatesFromWire).
    ...(memo.location && {
      location: {
        placeholder: memo.location.placeholder,
        latitude: memo.location.latitude ?? 0,
        longitude: memo.location.longitude ?? 0,
      },
    }),
  };
}

/** A comment as v1 shows it: a live memo of its author's, under the comment's uid, with the parent's visibility. */
export function presentComment(
  comment: Comment,
  uid: string,
  parent: { uid: string; visibility: V0Visibility },
): MessageInitShape<typeof MemoSchema> {
  return {
    name: memoName(uid),
    state: State.NORMAL,
    creator: userName(comment.creator.username),
    createTime: timestampFromMs(comment.createdTs * 1000),
    updateTime: timestampFromMs(comment.updatedTs * 1000),
    content: comment.content,
    visibility: VISIBILITIES[parent.visibility],
    tags: extractTags(comment.content),
    pinned: false,
    property: propertyOf(comment.content),
    parent: memoName(parent.uid),
    snippet: snippetOf(comment.content),
  };
}
