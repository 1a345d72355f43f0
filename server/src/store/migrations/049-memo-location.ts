// A memo may carry a place (memos' v1 `Memo.location`): its name and, when known, its coordinates. Three columns
// rather than a JSON text, so a map's query reads a bounding box from an index and both engines check the ranges
// themselves. A memo without a place has all three null; one with a name only has null coordinates (common's
// memo-location.ts). The trash keeps them with the row it moves, and a kept version keeps the place it had. The
// map's index holds only memos with coordinates, by creator, status and latitude (a box's range), the longitude
// beside it so the box is judged inside the index.
import type { Migration } from "./types.js";

const LATITUDE = "CHECK (location_latitude BETWEEN -90 AND 90)";
const LONGITUDE = "CHECK (location_longitude BETWEEN -180 AND 180)";

export const memoLocation: Migration = {
  name: "049-memo-location",
  statements: (engine) => {
    const real = engine === "sqlite" ? "REAL" : "DOUBLE PRECISION";
    return ["memo", "memo_trash", "memo_revision"]
      .flatMap((table) => [
        `ALTER TABLE ${table} ADD COLUMN location_placeholder TEXT`,
        `ALTER TABLE ${table} ADD COLUMN location_latitude ${real} ${LATITUDE}`,
        `ALTER TABLE ${table} ADD COLUMN location_longitude ${real} ${LONGITUDE}`,
      ])
      .concat([
        `CREATE INDEX idx_memo_creator_location ON memo (creator_id, row_status, location_latitude, location_longitude)
        WHERE location_latitude IS NOT NULL`,
      ]);
  },
};
