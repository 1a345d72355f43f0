// When something made now should stop working (an access token, a share link): in some days, at the end of a chosen
// day, or never. ExpiryField asks for it; expiresTsOf turns the answer into the wire's `expiresTs`.

/** A choice of the expiry select: a number of days from now, a day to pick, or never. */
export type ExpiryChoice = `${number}` | "date" | "never";

export interface Expiry {
  choice: ExpiryChoice;
  /** The picked day (`YYYY-MM-DD`, as a date input gives it), read when the choice is "date". */
  date: string;
}

/** An expiry of `days` days from now, the usual first choice. */
export const expiryInDays = (days: number): Expiry => ({ choice: `${days}`, date: "" });

/**
 * The `expiresTs` (Unix seconds) of an expiry: N days from now, the end of the chosen day (local time), or undefined
 * for never. Null when the chosen day is missing, not a day, or not in the future.
 */
export function expiresTsOf({ choice, date }: Expiry, now = Date.now()): number | undefined | null {
  if (choice === "never") return undefined;
  if (choice !== "date") return Math.floor(now / 1000) + Number(choice) * 86_400;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const end = new Date(year, month, day, 23, 59, 59);
  if (end.getFullYear() !== year || end.getMonth() !== month || end.getDate() !== day) return null;
  return end.getTime() > now ? Math.floor(end.getTime() / 1000) : null;
}
