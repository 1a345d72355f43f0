import { describe, expect, it } from "vitest";
import { JsonMeter, type MeterLimits } from "./json-meter.js";

/** What the meter should count: the top value, and one per container and per comma between items. */
function expectedValues(value: unknown): number {
  const own = (node: unknown): number => {
    if (Array.isArray(node)) return 1 + Math.max(0, node.length - 1) + node.reduce((sum: number, item) => sum + own(item), 0);
    if (node !== null && typeof node === "object") {
      const items = Object.values(node);
      return 1 + Math.max(0, items.length - 1) + items.reduce((sum: number, item) => sum + own(item), 0);
    }
    return 0;
  };
  return 1 + own(value);
}

function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (value !== null && typeof value === "object") return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

/** Feeds `text` in chunks of the given sizes (the rest in one); the first breach, or null. */
function meter(text: string, limits: MeterLimits, sizes: number[] = []) {
  const bytes = Buffer.from(text);
  const counter = new JsonMeter(limits);
  let at = 0;
  for (const size of [...sizes, bytes.length]) {
    const breach = counter.feed(bytes.subarray(at, at + size));
    if (breach) return breach;
    at += size;
    if (at >= bytes.length) break;
  }
  return null;
}

/** A seeded random JSON value: strings with quotes, backslashes, brackets, commas and multi-byte characters. */
function randomValue(next: () => number, depth = 0): unknown {
  const pick = Math.floor(next() * (depth > 4 ? 4 : 6));
  const pieces = ['"', "\\", "[", "]", "{", "}", ",", ":", "é", "漢", "😀", "a", "\\u0000"];
  switch (pick) {
    case 0:
      return Array.from({ length: Math.floor(next() * 12) }, () => pieces[Math.floor(next() * pieces.length)]).join("");
    case 1:
      return Math.floor(next() * 1e6) / 7;
    case 2:
      return next() < 0.5 ? null : next() < 0.5;
    case 3:
      return "";
    case 4:
      return Array.from({ length: Math.floor(next() * 5) }, () => randomValue(next, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: Math.floor(next() * 5) }, (_, index) => [
          `k${index}${pieces[index % pieces.length]}`,
          randomValue(next, depth + 1),
        ]),
      );
  }
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe("JsonMeter", () => {
  it("counts values and depth as the parsed value has them, however the text is cut into chunks", () => {
    const next = seeded(42);
    for (let round = 0; round < 400; round++) {
      const value = randomValue(next);
      const text = JSON.stringify(value, null, round % 3 === 0 ? 2 : undefined);
      const values = expectedValues(value);
      const depth = depthOf(value);
      const cuts = Array.from({ length: 4 }, () => 1 + Math.floor(next() * 7));
      expect(meter(text, { values, depth }, cuts), text).toBeNull();
      if (values > 1) expect(meter(text, { values: values - 1, depth }, cuts), text).toBe("values");
      if (depth > 0) expect(meter(text, { values, depth: depth - 1 }, cuts), text).toBe("depth");
    }
  });

  it("reads brackets, commas and escaped quotes inside strings as text", () => {
    const text = JSON.stringify({ a: '[[[{,,,"\\"]]]', b: "\\", c: '\\"' });
    for (let cut = 1; cut < text.length; cut++) expect(meter(text, { values: 4, depth: 1 }, [cut])).toBeNull();
  });

  it("stops at the chunk that crosses a limit", () => {
    const counter = new JsonMeter({ values: 100, depth: 32 });
    expect(counter.feed(Buffer.from(`[${"1,".repeat(90)}`))).toBeNull();
    expect(counter.feed(Buffer.from("1,".repeat(20)))).toBe("values");
    const deep = new JsonMeter({ values: 1000, depth: 32 });
    expect(deep.feed(Buffer.from("[".repeat(32)))).toBeNull();
    expect(deep.feed(Buffer.from("["))).toBe("depth");
  });

  /** Feeds `text` as one chunk; how many times each byte was looked up. */
  function lookups(text: string, limits: MeterLimits): Map<number, number> {
    const buffer = Buffer.from(text);
    const counts = new Map<number, number>();
    const indexOf = buffer.indexOf.bind(buffer);
    buffer.indexOf = ((value: number, from?: number) => {
      counts.set(value, (counts.get(value) ?? 0) + 1);
      return indexOf(value, from);
    }) as Buffer["indexOf"];
    expect(new JsonMeter(limits).feed(buffer)).toBeNull();
    return counts;
  }

  it("looks a string's closing quote up once, not again after each escape", () => {
    // 512 Ki escaped newlines in one string: looking the quote up after each escape would scan the rest of the
    // chunk each time (quadratic).
    expect(lookups(JSON.stringify({ content: "\n".repeat(512 * 1024) }), { values: 2, depth: 1 }).get(0x22)).toBeLessThanOrEqual(3);
  });

  it("looks for a backslash once in a chunk that has none, not once per string", () => {
    const many = JSON.stringify(Array.from({ length: 5000 }, (_, index) => `text ${index}`));
    expect(lookups(many, { values: 5001, depth: 1 }).get(0x5c)).toBe(1);
  });
});
