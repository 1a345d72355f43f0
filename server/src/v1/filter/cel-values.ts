// The constants of a v1 filter, folded as the filter is read: strings, integers, booleans, lists, and the times
// memos' filters compare with (`now`, `timestamp("…")`, `timestamp(<epoch seconds>)`, `duration("168h")`, and their
// sums and differences). Times are exact: nanoseconds as bigints, as CEL keeps them.

export type CelConstant =
  | { type: "string"; value: string }
  | { type: "int"; value: bigint }
  | { type: "double"; value: number }
  | { type: "bool"; value: boolean }
  | { type: "null" }
  | { type: "bytes" }
  /** Nanoseconds since the Unix epoch. */
  | { type: "timestamp"; nanos: bigint }
  | { type: "duration"; nanos: bigint }
  | { type: "list"; items: CelConstant[] };

export const NANOS_PER_SECOND = 1_000_000_000n;

/** CEL's range of timestamps: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z. */
const EARLIEST = -62_135_596_800n * NANOS_PER_SECOND;
const LATEST = 253_402_300_800n * NANOS_PER_SECOND - 1n;

export const inTimestampRange = (nanos: bigint): boolean => nanos >= EARLIEST && nanos <= LATEST;

const UNIT_NANOS: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n,
  μs: 1_000n,
  ms: 1_000_000n,
  s: NANOS_PER_SECOND,
  m: 60n * NANOS_PER_SECOND,
  h: 3_600n * NANOS_PER_SECOND,
};

const DURATION = /^[-+]?(?:(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$/;
const DURATION_PART = /(\d*)(?:\.(\d*))?(ns|us|µs|μs|ms|s|m|h)/g;

/**
 * A duration as Go (and so memos' CEL) writes it: `168h`, `1h30m`, `1.5s`, `-10m`, `0`; null when it is not one.
 * @example parseDuration("1h30m") // 5_400_000_000_000n
 */
export function parseDuration(text: string): bigint | null {
  if (text === "0" || text === "+0" || text === "-0") return 0n;
  if (!DURATION.test(text)) return null;
  let total = 0n;
  for (const [, whole, fraction = "", unit] of text.matchAll(DURATION_PART)) {
    const scale = UNIT_NANOS[unit!]!;
    total += BigInt(whole || "0") * scale;
    // The fraction's digits, exactly: "5" of 1.5h is 5/10 of an hour.
    if (fraction !== "") total += (BigInt(fraction) * scale) / 10n ** BigInt(fraction.length);
  }
  return text.startsWith("-") ? -total : total;
}

const RFC3339 = /^(\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * An RFC 3339 time (`2026-01-02T15:04:05Z`, `…05.5+02:00`) in nanoseconds since the epoch; null when it is not one.
 * @example parseTimestamp("1970-01-01T00:00:01Z") // 1_000_000_000n
 */
export function parseTimestamp(text: string): bigint | null {
  const match = RFC3339.exec(text);
  if (!match) return null;
  const [, dateTime, fraction = "", zone] = match;
  const ms = Date.parse(`${dateTime}${zone!.toUpperCase()}`);
  // Date.parse rolls 2026-02-30 over into March: a date that reads back otherwise is no date.
  if (Number.isNaN(ms) || !sameCalendarDay(dateTime!, zone!, ms)) return null;
  return BigInt(ms) * 1_000_000n + BigInt(fraction.padEnd(9, "0") || "0");
}

function sameCalendarDay(dateTime: string, zone: string, ms: number): boolean {
  const sign = zone.startsWith("-") ? -1 : 1;
  const offsetMinutes = /^[Zz]$/.test(zone) ? 0 : sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  const local = new Date(ms + offsetMinutes * 60_000).toISOString();
  return local.slice(0, 19) === dateTime.replace("t", "T");
}

/** The whole seconds at or after the time (a time of a whole second is itself). */
export function ceilSeconds(nanos: bigint): bigint {
  const floor = floorSeconds(nanos);
  return floor * NANOS_PER_SECOND === nanos ? floor : floor + 1n;
}

/** The whole seconds at or before the time. */
export function floorSeconds(nanos: bigint): bigint {
  const quotient = nanos / NANOS_PER_SECOND;
  return nanos < 0n && quotient * NANOS_PER_SECOND !== nanos ? quotient - 1n : quotient;
}

/** How a constant is named in an error. */
export function describeConstant(value: CelConstant): string {
  return value.type === "list" ? "a list" : `a ${value.type}`;
}
