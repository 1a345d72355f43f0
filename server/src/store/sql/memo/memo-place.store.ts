// The map's query: one creator's memos of a status whose place has coordinates inside a box, read from the partial
// index of places (migration 049: creator, status, latitude, longitude, for memos with coordinates only): a range of
// the index by latitude, the longitude judged on the index's entries, up to the limit. No ORDER BY: a sort would
// read every place in the box before the limit; the caller orders the few it gets.
import type { BoundingBox, RowStatus } from "@memos/common";
import { sql } from "kysely";
import type { Db } from "../../db.js";

/** How many characters of a memo's text the map's list is cut from (the presenter shortens them). */
const HEAD_CHARS = 200;

export interface PlaceScope {
  creatorId: number;
  rowStatus: RowStatus;
}

function placesQuery(db: Db, scope: PlaceScope, box: BoundingBox, limit: number) {
  const longitude =
    box.west <= box.east
      ? sql<boolean>`m.location_longitude BETWEEN ${box.west} AND ${box.east}`
      : // The box crosses the 180th meridian: east of its west side, or west of its east side.
        sql<boolean>`(m.location_longitude >= ${box.west} OR m.location_longitude <= ${box.east})`;
  return db
    .selectFrom("memo as m")
    .select([
      "m.id",
      "m.display_ts",
      "m.visibility",
      "m.location_placeholder",
      "m.location_latitude",
      "m.location_longitude",
      sql<string>`substr(m.content, 1, ${sql.lit(HEAD_CHARS)})`.as("head"),
    ])
    .where("m.creator_id", "=", scope.creatorId)
    .where("m.row_status", "=", scope.rowStatus)
    .where("m.location_latitude", "is not", null)
    .where(sql<boolean>`m.location_latitude BETWEEN ${box.south} AND ${box.north}`)
    .where(longitude)
    .limit(limit);
}

export type PlaceRow = Awaited<ReturnType<ReturnType<typeof placesQuery>["execute"]>>[number];

export function listPlaces(db: Db, scope: PlaceScope, box: BoundingBox, limit: number): Promise<PlaceRow[]> {
  return placesQuery(db, scope, box, limit).execute();
}

/** The SQL of the map's query (for plan tests and the bench). */
export const placesSql = (db: Db, scope: PlaceScope, box: BoundingBox, limit: number) => placesQuery(db, scope, box, limit).compile();
