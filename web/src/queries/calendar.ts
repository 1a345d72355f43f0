// Server data of the calendar: one request per month, each day's count and first memo (GET /api/memo/calendar).
import { useQuery } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";

/** `bounds`: the month's local midnights and the next month's first, in Unix seconds (monthBounds). */
export const useMemoCalendar = (creatorId: number | undefined, bounds: readonly number[]) =>
  useQuery({
    queryKey: keys.memos.calendar(creatorId ?? -1, bounds[0]!),
    queryFn: () => api.call("memo.calendar", { query: { creatorId: creatorId!, days: bounds.join(",") } }),
    enabled: creatorId !== undefined && creatorId > 0,
  });
