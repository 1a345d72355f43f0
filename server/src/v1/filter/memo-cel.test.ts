// The CEL filter compiler: each documented form read into our checks, constants folded exactly, and what it cannot
// say refused with the construct and its position.
import { ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { parseDuration, parseTimestamp } from "./cel-values.js";
import { creatorNames, filterAlternatives } from "./filter-plan.js";
import { compileMemoFilter } from "./memo-cel.js";

/** 2026-01-02T03:04:05.5Z, in nanoseconds. */
const NOW = 1_767_323_045_500_000_000n;
const NOW_SECONDS = 1_767_323_045;

const compile = (filter: string) => compileMemoFilter(filter, NOW);
const plan = async (filter: string, creators: Record<string, number> = {}) =>
  filterAlternatives(await compile(filter), new Map(Object.entries(creators)));

async function refusal(filter: string): Promise<string> {
  try {
    await compile(filter);
  } catch (error) {
    expect(error).toBeInstanceOf(ConnectError);
    return (error as ConnectError).rawMessage;
  }
  throw new Error(`${filter} was accepted`);
}

describe("compileMemoFilter", () => {
  it("reads each field's documented forms", async () => {
    expect(await plan('content.contains("garden")')).toEqual([{ text: "garden" }]);
    expect(await plan('"work" in tags')).toEqual([{ tag: "work" }]);
    expect(await plan('tags.exists(t, t.startsWith("wo"))')).toEqual([
      { conditions: [{ test: { kind: "tag-prefix", prefix: "wo" }, negated: false }] },
    ]);
    expect(await plan('creator == "users/steven"', { steven: 7 })).toEqual([{ creatorId: 7 }]);
    expect(await plan("creator_id == 7")).toEqual([{ creatorId: 7 }]);
    expect(await plan('visibility == "PUBLIC"')).toEqual([{ visibilities: ["PUBLIC"] }]);
    expect(await plan('visibility in ["PROTECTED", "PUBLIC"]')).toEqual([{ visibilities: ["PUBLIC", "PROTECTED"] }]);
    expect(await plan("pinned")).toEqual([{ pinned: true }]);
    expect(await plan("!pinned")).toEqual([{ pinned: false }]);
    expect(await plan("has_task_list")).toEqual([
      { conditions: [{ test: { kind: "property", property: "hasTaskList" }, negated: false }] },
    ]);
    expect(await plan("has_location")).toEqual([{ conditions: [{ test: { kind: "location" }, negated: false }] }]);
    expect(await plan("has_location != true")).toEqual([{ conditions: [{ test: { kind: "location" }, negated: true }] }]);
    expect(await plan("has_link == false")).toEqual([{ conditions: [{ test: { kind: "property", property: "hasLink" }, negated: true }] }]);
  });

  it("turns time comparisons into whole-second intervals, `now` frozen and exact to the nanosecond", async () => {
    const time = async (filter: string) => (await plan(filter))[0]?.conditions?.[0]?.test;
    expect(await time('created_ts >= now - duration("168h")')).toEqual({
      kind: "time",
      column: "created_ts",
      from: NOW_SECONDS - 168 * 3600 + 1,
    });
    expect(await time("created_ts > now")).toEqual({ kind: "time", column: "created_ts", from: NOW_SECONDS + 1 });
    expect(await time("updated_ts < now")).toEqual({ kind: "time", column: "updated_ts", to: NOW_SECONDS + 1 });
    expect(await time("updated_ts <= now")).toEqual({ kind: "time", column: "updated_ts", to: NOW_SECONDS + 1 });
    expect(await time('created_ts < timestamp("2026-01-01T00:00:00Z")')).toEqual({ kind: "time", column: "created_ts", to: 1_767_225_600 });
    expect(await time('created_ts <= timestamp("2026-01-01T01:00:00+01:00")')).toEqual({
      kind: "time",
      column: "created_ts",
      to: 1_767_225_601,
    });
    expect(await time("timestamp(100) < created_ts")).toEqual({ kind: "time", column: "created_ts", from: 101 });
    // Both bounds of one column meet in one interval; an empty one matches nothing.
    expect(await time("created_ts >= timestamp(100) && created_ts < timestamp(200)")).toEqual({
      kind: "time",
      column: "created_ts",
      from: 100,
      to: 200,
    });
    expect(await plan("created_ts >= timestamp(200) && created_ts < timestamp(200)")).toEqual([]);
    expect(await time("created_ts == timestamp(100)")).toEqual({ kind: "time", column: "created_ts", from: 100, to: 101 });
    // No memo's time is between two seconds.
    expect(await plan("created_ts == now")).toEqual([]);
    expect(await plan("created_ts != now")).toEqual([{}]);
  });

  it("spreads ||, ! and parentheses into alternatives that each say one AND exactly", async () => {
    expect(await plan('"a" in tags || pinned')).toEqual([{ tag: "a" }, { pinned: true }]);
    expect(await plan('tag in ["a", "b"]')).toEqual([{ tag: "a" }, { tag: "b" }]);
    expect(await plan('!("a" in tags || content.contains("x"))')).toEqual([
      {
        conditions: [
          { test: { kind: "tag", tag: "a" }, negated: true },
          { test: { kind: "text", text: "x" }, negated: true },
        ],
      },
    ]);
    expect(await plan('(visibility == "PUBLIC" || visibility == "PRIVATE") && visibility != "PUBLIC"')).toEqual([
      { visibilities: ["PRIVATE"] },
    ]);
    expect(await plan('"a" in tags && "b" in tags')).toEqual([
      { tag: "a", conditions: [{ test: { kind: "tag", tag: "b" }, negated: false }] },
    ]);
    expect(await plan('content.contains("ab") && content.contains("abcd") && content.contains("AB")')).toEqual([
      { text: "abcd", terms: ["ab"] },
    ]);
    expect(await plan("pinned && !pinned")).toEqual([]);
    expect(await plan("pinned || true")).toEqual([{}]);
    expect(await plan("creator_id == 1 && creator_id == 2")).toEqual([]);
    expect(await plan('creator == "users/ghost"')).toEqual([]);
    expect(await plan('creator != "users/ghost"')).toEqual([{}]);
    expect(await plan('creator != "users/steven"', { steven: 7 })).toEqual([
      { conditions: [{ test: { kind: "creator", creatorId: 7 }, negated: true }] },
    ]);
  });

  it("collects the creators' names to look up", async () => {
    expect(creatorNames(await compile('creator == "users/a" || !(creator == "users/b") || creator == "users/a"'))).toEqual(["a", "b"]);
  });

  it("refuses what it cannot say, naming the construct and where it stands", async () => {
    expect(await refusal("weight > 3")).toBe('invalid filter: unknown field "weight" (at line 1, column 1)');
    expect(await refusal("pinned &&\n  colour")).toBe('invalid filter: unknown field "colour" (at line 2, column 3)');
    expect(await refusal("pinned &&")).toMatch(/^invalid filter: syntax error at line 1, column 8: /);
    expect(await refusal("size(tags) == 0")).toMatch(/^invalid filter: size\(\) is not supported in a filter/);
    expect(await refusal('content == "x"')).toMatch(/content is matched with content\.contains/);
    expect(await refusal('tags.exists(t, t.endsWith("x"))')).toMatch(
      /tags\.exists\(\) takes t == "…", t\.startsWith\("…"\) or t in \[\.\.\.\]/,
    );
    expect(await refusal("created_ts > 1700000000")).toMatch(/created_ts is a timestamp: compare it with now/);
    expect(await refusal('created_ts > timestamp("2026-02-30T00:00:00Z")')).toMatch(/timestamp\(\) takes an RFC 3339 time/);
    expect(await refusal("created_ts > timestamp(300000000000)")).toMatch(/outside the years 1 to 9999/);
    expect(await refusal("creator_id > 3")).toMatch(/creator_id is compared with == or != only/);
    expect(await refusal('visibility == "public"')).toMatch(/not "public"/);
    expect(await refusal("pinned == pinned")).toMatch(/compare a field with a value/);
    expect(await refusal("tags.exists_one(t, t == 'a')")).toMatch(/only tags\.exists/);
    expect(await refusal("has(content.x)")).toMatch(/a filter has no field "content\.x"/);
    await expect(plan(`tag in [${Array.from({ length: 9 }, (_, i) => `"t${i}"`).join(", ")}]`)).rejects.toThrow(
      /9 alternatives; at most 8/,
    );
    await expect(plan(Array.from({ length: 7 }, (_, i) => `("a${i}" in tags || "b${i}" in tags)`).join(" && "))).rejects.toThrow(
      /more than 64/,
    );
  });
});

describe("constants", () => {
  it("reads Go durations exactly", () => {
    expect(parseDuration("168h")).toBe(168n * 3600n * 1_000_000_000n);
    expect(parseDuration("1h30m")).toBe(5400n * 1_000_000_000n);
    expect(parseDuration("1.5s")).toBe(1_500_000_000n);
    expect(parseDuration("-10ms")).toBe(-10_000_000n);
    expect(parseDuration("0")).toBe(0n);
    expect(parseDuration("10")).toBeNull();
    expect(parseDuration("1d")).toBeNull();
  });

  it("reads RFC 3339 times, refusing dates that do not exist", () => {
    expect(parseTimestamp("1970-01-01T00:00:01.000000001Z")).toBe(1_000_000_001n);
    expect(parseTimestamp("1970-01-01T01:00:00+01:00")).toBe(0n);
    expect(parseTimestamp("1969-12-31T23:00:00-01:00")).toBe(0n);
    expect(parseTimestamp("2024-02-29T00:00:00Z")).not.toBeNull();
    expect(parseTimestamp("2025-02-29T00:00:00Z")).toBeNull();
    expect(parseTimestamp("2025-01-01")).toBeNull();
  });
});
