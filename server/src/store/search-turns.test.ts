// Searches take turns per caller: one caller's run one at a time and in order, another caller's never wait for
// them, and a search that cannot start within the budget is refused as a search past it.
import { describe, expect, it } from "vitest";
import { SearchTurns, SearchTurnTimeout } from "./search-turns.js";

/** A search that records its name when it runs and, when held, finishes only once let go. */
function recorded(order: string[], name: string, held = false) {
  let finish!: () => void;
  const gate = held ? new Promise<void>((resolve) => (finish = resolve)) : Promise.resolve();
  const search = async () => {
    await gate;
    order.push(name);
    return name;
  };
  return { search, finish: () => finish() };
}

describe("search turns", () => {
  it("runs one caller's searches one at a time, in order, and another caller's at once", async () => {
    const turns = new SearchTurns(60_000);
    const order: string[] = [];
    const first = recorded(order, "first", true);
    const a1 = turns.run("a", first.search);
    const a2 = turns.run("a", recorded(order, "second").search);
    expect(turns.inFlight("a")).toBe(2);
    expect(await turns.run("b", recorded(order, "other").search)).toBe("other");
    expect(order).toEqual(["other"]);
    first.finish();
    expect(await Promise.all([a1, a2])).toEqual(["first", "second"]);
    expect(order).toEqual(["other", "first", "second"]);
    expect(turns.inFlight()).toBe(0);
  });

  it("refuses a search whose turn does not come within the wait, and keeps the order for the ones after it", async () => {
    const turns = new SearchTurns(30);
    const order: string[] = [];
    const first = recorded(order, "first", true);
    const a1 = turns.run("a", first.search);
    await expect(turns.run("a", recorded(order, "late").search)).rejects.toBeInstanceOf(SearchTurnTimeout);
    const a3 = turns.run("a", recorded(order, "third").search);
    // The refused search left; the next one still waits for the first.
    await Promise.resolve();
    expect(order).toEqual([]);
    first.finish();
    await a1;
    expect(await a3).toBe("third");
    expect(order).toEqual(["first", "third"]);
    expect(turns.inFlight()).toBe(0);
  });

  it("a failed search frees its caller's turn", async () => {
    const turns = new SearchTurns(60_000);
    await expect(turns.run("a", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await turns.run("a", async () => "next")).toBe("next");
  });
});
