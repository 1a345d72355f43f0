// What the import's reading thread (reader.worker.ts) and the main thread (reader-thread.ts) say to each other. The
// plan crosses in parts of bounded size that the main thread asks for one at a time: a message is copied in one go
// when it arrives, so a plan of hundreds of MB sent whole would hold the event loop while it is received.
import type { ErrorDetail } from "../../errors.js";
import type { ArchiveEntry, ArchiveLimits } from "./archive.js";
import { emptyPlan, type ImportPlan } from "./plan.js";

/** `open` starts an import's session on the thread; `close` ends it (the thread then waits for the next one). */
export type ReaderRequest =
  | { op: "open"; file: string; limits: ArchiveLimits }
  | { id: number; op: "part" }
  | { id: number; op: "read"; entry: ArchiveEntry }
  | { id: number; op: "close" };

/** An HttpError keeps its status and detail across the threads; anything else is the server's own fault. */
export interface ReaderFailure {
  status?: number;
  message: string;
  detail?: ErrorDetail;
}

export type ReaderReply = { id: number; value: unknown } | { id: number; error: ReaderFailure };

/** A piece of a plan: the first holds its kind and standalone files, each other one slice of one of its lists. */
export type PlanPart = Partial<Omit<ImportPlan, "kind">> & { kind?: ImportPlan["kind"] };

const LISTS = ["attachments", "shortcuts", "problems", "memos"] as const;
/** About this many characters of text (and at most PART_ITEMS items) per part. */
const PART_CHARS = 1024 * 1024;
const PART_ITEMS = 2000;

const textSize = (item: object): number =>
  Object.values(item).reduce<number>((sum, value) => sum + (typeof value === "string" ? value.length : 16), 0);

export function* planParts(plan: ImportPlan): Generator<PlanPart> {
  yield { kind: plan.kind, standalone: plan.standalone };
  for (const list of LISTS) {
    let items: object[] = [];
    let chars = 0;
    for (const item of plan[list]) {
      items.push(item);
      chars += textSize(item);
      if (chars >= PART_CHARS || items.length >= PART_ITEMS) {
        yield { [list]: items };
        items = [];
        chars = 0;
      }
    }
    if (items.length > 0) yield { [list]: items };
  }
}

/** Adds a part to the plan being put together (the first part makes it). */
export function addPart(plan: ImportPlan | null, part: PlanPart): ImportPlan {
  const whole = plan ?? { ...emptyPlan(part.kind!), standalone: part.standalone ?? [] };
  for (const list of LISTS) {
    for (const item of part[list] ?? []) (whole[list] as object[]).push(item);
  }
  return whole;
}
