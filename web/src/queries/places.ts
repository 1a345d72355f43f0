// Server data of the map: the caller's memos with a place in a map's view (GET /api/memo/place).
import type { BoundingBox } from "@memos/common";
import { useQuery } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";

/** Without a box: every place of the caller's (up to the server's cap). */
export const useMemoPlaces = (box?: BoundingBox) =>
  useQuery({
    queryKey: keys.memos.places(box ?? null),
    queryFn: () => api.call("memo.places", { query: box ?? {} }),
  });
