import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BODY_LIMIT_FLOOR, bodyLimitsOf, jsonBound } from "./body-limits.js";
import { ROUTES, type RouteName } from "./routes/index.js";
import { optional, text } from "./schema-parts.js";

/** The JSON of `value` as long as it can be: every character of its strings escaped as `\u00XX` (6 bytes). */
function longestJson(value: unknown): number {
  return JSON.stringify(value, (_key, item) => (typeof item === "string" ? "\u0001".repeat(item.length) : item)).length;
}

describe("jsonBound", () => {
  it("bounds a string by its cap, six bytes a character, and a value's whitespace", () => {
    const bound = jsonBound(z.string().max(10));
    expect(bound.values).toBe(1);
    expect(bound.bytes).toBeGreaterThanOrEqual(longestJson("x".repeat(10)));
    expect(bound.bytes).toBeLessThan(100);
  });

  it("takes the least cap of a string with several", () => {
    expect(jsonBound(z.string().max(100).max(10)).bytes).toBe(jsonBound(z.string().max(10)).bytes);
  });

  it("bounds an array by its cap times its element", () => {
    const bound = jsonBound(z.array(z.int()).max(1000));
    expect(bound.values).toBe(1001);
    expect(bound.bytes).toBeGreaterThanOrEqual(JSON.stringify(Array(1000).fill(-1.7976931348623157e308)).length);
  });

  it("adds up an object's fields, through optional, nullable, default, pipes and unions", () => {
    const schema = z.object({
      name: text(64),
      note: optional(text(32)),
      kind: z.enum(["alpha", "beta"]).default("alpha"),
      count: z
        .string()
        .max(5)
        .transform((value) => Number(value)),
      either: z.union([z.literal("yes"), z.array(z.boolean()).max(3)]),
      gone: z.never().optional(),
    });
    const bound = jsonBound(schema);
    expect(bound.values).toBe(1 + 1 + 1 + 1 + 1 + 4 + 1);
    const largest = { name: "x".repeat(64), note: "x".repeat(32), kind: "alpha", count: "12345", either: [true, false, true], gone: null };
    expect(bound.bytes).toBeGreaterThanOrEqual(longestJson(largest));
    // Pretty-printed as a person might send it.
    expect(bound.bytes).toBeGreaterThanOrEqual(JSON.stringify(largest, null, 4).length);
  });

  it("leaves open what sets no bound: a text with no cap, an array with none, an unknown value, a loose object", () => {
    expect(jsonBound(z.object({ content: z.string() })).bytes).toBe(Number.POSITIVE_INFINITY);
    expect(jsonBound(z.object({ content: z.string() })).values).toBe(2);
    expect(jsonBound(z.array(z.int())).values).toBe(Number.POSITIVE_INFINITY);
    expect(jsonBound(z.object({ value: z.unknown() })).bytes).toBe(Number.POSITIVE_INFINITY);
    expect(jsonBound(z.looseObject({ id: text(8) })).values).toBe(Number.POSITIVE_INFINITY);
    expect(jsonBound(z.strictObject({ id: text(8) })).values).toBe(2);
  });
});

describe("bodyLimitsOf", () => {
  it("raises what the schema bounds to the floor, in whole KiB", () => {
    expect(bodyLimitsOf("tiny", z.object({ pinned: z.boolean() }))).toEqual(BODY_LIMIT_FLOOR);
    const large = bodyLimitsOf("ids", z.object({ ids: z.array(z.int()).max(100_000) }));
    expect(large.values).toBe(100_002);
    expect(large.bytes % 1024).toBe(0);
  });

  it("takes a declared side only where the schema leaves it open", () => {
    expect(bodyLimitsOf("memo", z.object({ content: z.string() }), { bytes: 4 * 1024 * 1024 })).toEqual({
      bytes: 4 * 1024 * 1024,
      values: BODY_LIMIT_FLOOR.values,
    });
    expect(() => bodyLimitsOf("memo", z.object({ content: z.string() }))).toThrow("memo: its body schema sets no bound on bytes");
    expect(() => bodyLimitsOf("pin", z.object({ pinned: z.boolean() }), { values: 10 })).toThrow(
      "pin: bodyLimit.values is declared, but its body schema bounds it already",
    );
  });

  it("gives a route without a body the floor", () => {
    expect(bodyLimitsOf("none", undefined)).toEqual(BODY_LIMIT_FLOOR);
  });

  it("has limits for every route of the table: each side bounded by its schema or declared, never both", () => {
    for (const name of Object.keys(ROUTES) as RouteName[]) {
      const entry = ROUTES[name];
      const schema = "body" in entry && entry.body.kind === "input" ? entry.body.schema : undefined;
      const declared = "bodyLimit" in entry ? entry.bodyLimit : undefined;
      const limits = bodyLimitsOf(name, schema, declared);
      expect(Number.isFinite(limits.bytes) && Number.isFinite(limits.values), name).toBe(true);
    }
  });
});
