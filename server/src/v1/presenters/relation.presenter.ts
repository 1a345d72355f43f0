// A reference between two memos as a v1 MemoRelation: each side by name with a plain snippet of its text.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { type MemoRelationSchema, MemoRelation_Type } from "../gen/memos/api/v1/memo_service_pb.js";
import { memoName } from "../names.js";
import { snippetOf } from "./memo.presenter.js";

interface Side {
  uid: string;
  /** The start of its text. */
  text: string;
}

export function presentReference(memo: Side, related: Side): MessageInitShape<typeof MemoRelationSchema> {
  return {
    memo: { name: memoName(memo.uid), snippet: snippetOf(memo.text) },
    relatedMemo: { name: memoName(related.uid), snippet: snippetOf(related.text) },
    type: MemoRelation_Type.REFERENCE,
  };
}
