// Our memo (as the v0 composer makes it for this caller) as a v1 Memo, under its uid. What v1 adds that we do not
// keep is derived from the text: the tags, the property flags and the snippet. Attachments, relations and reactions
// are empty until their services are served (issue 45).
import { extractTags, type Memo as V0Memo, memoPropertiesOf, type Visibility as V0Visibility } from "@memos/common";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { State } from "../gen/memos/api/v1/common_pb.js";
import { type MemoSchema, Visibility } from "../gen/memos/api/v1/memo_service_pb.js";
import { memoName, userName } from "../names.js";

const VISIBILITIES: Record<V0Visibility, Visibility> = {
  PRIVATE: Visibility.PRIVATE,
  PROTECTED: Visibility.PROTECTED,
  PUBLIC: Visibility.PUBLIC,
};

const SNIPPET_LENGTH = 100;

/** The text's start as plain words: Markdown's marks dropped, whitespace folded. */
function snippetOf(content: string): string {
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

/** The flags a filter finds by the same patterns (common's memo-properties.ts), and the first heading as a title. */
function propertyOf(content: string) {
  const heading = /^#{1,6}\s+(.+)$/m.exec(content);
  return { ...memoPropertiesOf(content), title: heading?.[1]?.trim() ?? "" };
}

export function presentMemo(memo: V0Memo, uid: string): MessageInitShape<typeof MemoSchema> {
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
    property: propertyOf(memo.content),
    snippet: snippetOf(memo.content),
  };
}
