// ListMemos' `order_by`, read as memos reads it: comma-separated fields, each with `asc` or `desc` (desc when left
// out); `pinned` puts the pinned memos first (always descending); the first of `create_time` (or `name`) and
// `update_time` is the time order. We also take `display_time` as memos' older clients wrote it: a memo's display
// time is its created time unless its author chose the updated one, which is the order our lists keep.
import type { MemoListOrder } from "@memos/common";
import { invalidArgument } from "./transport/errors.js";

export interface MemoOrder {
  pinnedFirst: boolean;
  time: "create_time" | "update_time";
  ascending: boolean;
}

const TIME_FIELDS: Record<string, MemoOrder["time"]> = {
  create_time: "create_time",
  name: "create_time",
  display_time: "create_time",
  update_time: "update_time",
};

/** The order `text` asks for; a field or a direction memos does not take is InvalidArgument naming `order_by`. */
export function parseMemoOrder(text: string): MemoOrder {
  const order: MemoOrder = { pinnedFirst: false, time: "create_time", ascending: false };
  let timeSeen = false;
  for (const part of text.split(",")) {
    const [field, direction = "desc"] = part.trim().split(/\s+/).filter(Boolean);
    if (field === undefined) continue;
    const dir = direction.toLowerCase();
    if (dir !== "asc" && dir !== "desc") throw invalidArgument("order_by", `${JSON.stringify(part.trim())}: a field and asc or desc`);
    if (field === "pinned") {
      order.pinnedFirst = true;
      continue;
    }
    const time = TIME_FIELDS[field];
    if (time === undefined)
      throw invalidArgument("order_by", `unknown field ${JSON.stringify(field)} (pinned, create_time, update_time or name)`);
    if (timeSeen) continue;
    timeSeen = true;
    order.time = time;
    order.ascending = dir === "asc";
  }
  return order;
}

/** The order as our lists walk it: display time or updated time, either way, pinned first or not. */
export function servedMemoOrder(text: string): { pinnedFirst: boolean; ascending: boolean; order: MemoListOrder } {
  const order = parseMemoOrder(text);
  return { pinnedFirst: order.pinnedFirst, ascending: order.ascending, order: order.time === "update_time" ? "updated" : "display" };
}
