// A memo on the map as the wire's item: where, its name, and its first words for the marker's popup and the list.
import type { MemoPlace } from "@memos/common";
import type { PlaceRow } from "../store/sql/memo/memo-place.store.js";
import { locationOf } from "../store/sql/memo/memo-location.js";
import { firstWords } from "./first-words.js";

/** About a line of the map's list. */
const FIRST_WORDS = 80;

export function presentPlace(row: PlaceRow): MemoPlace {
  return {
    id: row.id,
    snippet: firstWords(row.head, FIRST_WORDS),
    displayTs: Number(row.display_ts),
    visibility: row.visibility,
    location: locationOf(row)!,
  };
}
