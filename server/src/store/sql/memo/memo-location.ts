// A memo's place as its row holds it (migration 049): three columns, all null without a place, the coordinates null
// for a place known by name only. One mapping each way, used by every table that keeps a memo's place (memo, its
// trash, its versions).
import type { MemoLocation } from "@memos/common";

export interface LocationColumns {
  location_placeholder: string | null;
  location_latitude: number | null;
  location_longitude: number | null;
}

export const LOCATION_COLUMNS = ["location_placeholder", "location_latitude", "location_longitude"] as const;

export function locationColumns(location: MemoLocation | null): LocationColumns {
  return {
    location_placeholder: location?.placeholder ?? null,
    location_latitude: location?.latitude ?? null,
    location_longitude: location?.longitude ?? null,
  };
}

/** The row's place; PostgreSQL's numeric text and SQLite's numbers alike become numbers. */
export function locationOf(row: LocationColumns): MemoLocation | null {
  if (row.location_placeholder === null) return null;
  const coordinate = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    placeholder: row.location_placeholder,
    latitude: coordinate(row.location_latitude),
    longitude: coordinate(row.location_longitude),
  };
}
