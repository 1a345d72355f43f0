// A memo's place (memos' v1 `Memo.location`): a name, and where on Earth when known. One declaration of what a place
// may hold, read by the wire's schemas, the store, the v1 API, the memos conversion and the web's editor and map.

/** A memo's place: its name (may be empty when the coordinates say where), and its coordinates, both or neither. */
export interface MemoLocation {
  placeholder: string;
  /** Degrees north, −90 … 90; null when only the name is known. */
  latitude: number | null;
  /** Degrees east, −180 … 180; null exactly when `latitude` is. */
  longitude: number | null;
}

export const LATITUDE_LIMIT = 90;
export const LONGITUDE_LIMIT = 180;

/** Why a place cannot be kept, or null when it can: the field at fault and the rule, in the wire's words. */
export function locationProblem(location: MemoLocation): { field: "placeholder" | "latitude" | "longitude"; message: string } | null {
  const { latitude, longitude } = location;
  if (latitude !== null && !(Math.abs(latitude) <= LATITUDE_LIMIT))
    return { field: "latitude", message: `must be between -${LATITUDE_LIMIT} and ${LATITUDE_LIMIT}` };
  if (longitude !== null && !(Math.abs(longitude) <= LONGITUDE_LIMIT))
    return { field: "longitude", message: `must be between -${LONGITUDE_LIMIT} and ${LONGITUDE_LIMIT}` };
  if ((latitude === null) !== (longitude === null))
    return { field: latitude === null ? "latitude" : "longitude", message: "latitude and longitude go together" };
  if (location.placeholder.trim() === "" && latitude === null)
    return { field: "placeholder", message: "a place needs a name or coordinates" };
  return null;
}

/** Whether two places (or their absence) are the same: a change of place is a change of the memo's version. */
export function sameLocation(a: MemoLocation | null, b: MemoLocation | null): boolean {
  if (a === null || b === null) return a === b;
  return a.placeholder === b.placeholder && a.latitude === b.latitude && a.longitude === b.longitude;
}

/**
 * memos' v1 wire has no absent coordinates (proto3 doubles): a place it sends at exactly 0, 0 is taken as one
 * without coordinates (nobody's memo is at sea off Africa), and one without them is sent as 0, 0. The same reading
 * serves memos' own stored places (its payload's `location`), through readLocation.
 */
export function coordinatesFromWire(latitude: number, longitude: number): Pick<MemoLocation, "latitude" | "longitude"> {
  return latitude === 0 && longitude === 0 ? { latitude: null, longitude: null } : { latitude, longitude };
}

/** A place's coordinates as people write them: `48.8584, 2.2945` (five decimals: about a metre). */
export function formatCoordinates(latitude: number, longitude: number): string {
  const round = (value: number) => String(Math.round(value * 100_000) / 100_000);
  return `${round(latitude)}, ${round(longitude)}`;
}

/** What a place shows as: its name, or its coordinates when it has none. */
export function locationLabel(location: MemoLocation): string {
  const name = location.placeholder.trim();
  if (name !== "" || location.latitude === null || location.longitude === null) return name;
  return formatCoordinates(location.latitude, location.longitude);
}

/** The most places one map request answers (a view holding more says so; zooming in shows the rest). */
export const MAX_MAP_PLACES = 1000;

/** A map's view: the southern and northern latitudes, the western and eastern longitudes (west > east crosses 180°). */
export interface BoundingBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/**
 * A place read from a file (an export's front matter, memos' stored payload): the name and coordinates when they
 * make a place `locationProblem` accepts, null otherwise. `zeroIsUnknown`: 0, 0 means no coordinates (memos' wire).
 */
export function readLocation(placeholder: unknown, latitude: unknown, longitude: unknown, zeroIsUnknown = false): MemoLocation | null {
  const name = typeof placeholder === "string" ? placeholder : "";
  const number = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
  const lat = number(latitude);
  const lng = number(longitude);
  const known = lat !== null && lng !== null && !(zeroIsUnknown && lat === 0 && lng === 0);
  const location = { placeholder: name, latitude: known ? lat : null, longitude: known ? lng : null };
  return locationProblem(location) === null ? location : null;
}
