import { describe, expect, it } from "vitest";
import { readInPages } from "./paged-read.js";

describe("readInPages", () => {
  it("answers every page's rows in order, and lets the event loop run between pages", async () => {
    // A check queued for the event loop's next turn, queued again each time it runs, counts the turns taken.
    let turns = 0;
    let reading = true;
    const tick = () => {
      turns++;
      if (reading) setImmediate(tick);
    };
    setImmediate(tick);
    const turnsAtEachPage: number[] = [];
    const pages = [[1, 2, 3], [4, 5, 6], [7]];
    const rows = await readInPages<number, number>(async (cursor) => {
      turnsAtEachPage.push(turns);
      const index = cursor ?? 0;
      return { rows: pages[index]!, ...(index + 1 < pages.length && { next: index + 1 }) };
    });
    reading = false;
    expect(rows).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(turnsAtEachPage).toHaveLength(3);
    // Each page was read on a later turn of the event loop than the one before it.
    for (let i = 1; i < turnsAtEachPage.length; i++) expect(turnsAtEachPage[i]).toBeGreaterThan(turnsAtEachPage[i - 1]!);
  });

  it("reads one page when the first has no next cursor", async () => {
    let calls = 0;
    expect(await readInPages(async () => ({ rows: [calls++] }))).toEqual([0]);
    expect(calls).toBe(1);
  });
});
