// Optional ids of a query string (`creatorId`, `userId`), with the wire's 400 messages. Path ids are parsed by
// the routes' schemas (pathId in http/route-schema.ts).
import { MAX_ID } from "@memos/common";
import { badRequest } from "../errors.js";

/** A refused value as the message echoes it: at most 64 characters. */
const shown = (raw: string): string => (raw.length > 64 ? `${raw.slice(0, 64)}…` : raw);

/** An id in 1 … 2^31 − 1 (PostgreSQL's INTEGER, on both engines), written in plain decimal digits. */
function toId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= MAX_ID ? value : null;
}

/** Optional id query values (`creatorId`, `userId`), where an empty string means absent; 1 … 2^31 − 1, as path ids. */
export function parseOptionalId(raw: string | undefined, label: string): number | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (typeof raw !== "string") throw badRequest(`${label} is not a number: ${shown(String(raw))}`);
  const id = toId(raw);
  if (id === null) throw badRequest(`${label} is not a number: ${shown(raw)}`);
  return id;
}
