// Our shortcut as a v1 Shortcut: its filter said in CEL (shortcut-filter.ts).
import type { Shortcut as V0Shortcut } from "@memos/common";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { ShortcutSchema } from "../gen/memos/api/v1/shortcut_service_pb.js";
import { shortcutName } from "../names.js";
import { shortcutFilterOf } from "../shortcut-filter.js";

export function presentShortcut(username: string, shortcut: V0Shortcut): MessageInitShape<typeof ShortcutSchema> {
  return { name: shortcutName(username, shortcut.id), title: shortcut.title, filter: shortcutFilterOf(shortcut.payload) };
}
