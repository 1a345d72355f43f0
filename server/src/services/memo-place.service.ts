// The map: the caller's memos with a place inside a map's view, for `GET /api/memo/place`.
import { type BoundingBox, LATITUDE_LIMIT, LONGITUDE_LIMIT, MAX_MAP_PLACES, type MemoPlaces, type MemoPlacesQuery } from "@memos/common";
import type { AppContext, Viewer } from "../context.js";
import { unauthenticated } from "../errors.js";
import { placesScope } from "../policies/memo.policy.js";
import { presentPlace } from "../presenters/memo-place.presenter.js";
import { listPlaces } from "../store/sql/memo/memo-place.store.js";

/** The query's box; a side left out is the world's edge. */
const boxOf = (query: MemoPlacesQuery): BoundingBox => ({
  south: query.south ?? -LATITUDE_LIMIT,
  west: query.west ?? -LONGITUDE_LIMIT,
  north: query.north ?? LATITUDE_LIMIT,
  east: query.east ?? LONGITUDE_LIMIT,
});

export async function memoPlaces(ctx: AppContext, viewer: Viewer, query: MemoPlacesQuery): Promise<MemoPlaces> {
  if (viewer === null) throw unauthenticated();
  const rows = await listPlaces(ctx.store.db, placesScope(viewer), boxOf(query), MAX_MAP_PLACES + 1);
  const places = rows.slice(0, MAX_MAP_PLACES).map(presentPlace);
  // South to north, then west to east, then by id: the same order on both engines.
  places.sort((a, b) => a.location.latitude! - b.location.latitude! || a.location.longitude! - b.location.longitude! || a.id - b.id);
  return { places, more: rows.length > MAX_MAP_PLACES };
}
