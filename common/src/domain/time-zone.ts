// Dates in a person's time zone (the MCP tools take "2026-11-24" and an IANA zone): where a local day starts, as a
// Unix time. Intl knows the zones and their rules; this only asks it for offsets.

/** Whether `name` is an IANA time zone this runtime knows (Europe/Berlin, UTC). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at the instant `ms`, in milliseconds (Berlin in winter: +3,600,000). */
function offsetAt(zone: string, ms: number): number {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(ms)).map(({ type, value }) => [type, Number(value)]));
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The Unix time (seconds) at which the local date `yyyy-mm-dd` (plus `days`) begins in `zone`. A day that starts in
 * a daylight-saving gap starts at the gap's end.
 */
export function zonedDayStart(date: string, zone = "UTC", days = 0): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day + days);
  // The wall time less the zone's offset: the offset of the day before or of the day after, whichever gives an
  // instant showing that wall time (the earlier when both do: a midnight that happens twice).
  const DAY = 86_400_000;
  const candidates = [wall - offsetAt(zone, wall - DAY), wall - offsetAt(zone, wall + DAY)];
  const exact = candidates.filter((utc) => utc + offsetAt(zone, utc) === wall);
  // Neither: midnight falls in a gap (the clocks jump from 00:00), and the day starts when the gap ends.
  return Math.floor((exact.length > 0 ? Math.min(...exact) : Math.max(...candidates)) / 1000);
}
