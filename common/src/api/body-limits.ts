// How large a JSON body each route reads, derived from its body schema: the largest text (bytes) and the most JSON
// values (objects, arrays, strings, numbers, …) any valid input can have, so a body past either is refused as it
// arrives (413), before anything parses or walks it. Parsing is what one request could otherwise make everyone wait
// for: `JSON.parse` of 4 MB of `[1,1,…]` takes about 120 ms, of 4 MB of `[[[…` about 900 ms, while a 4 MB text in
// one string parses in a few milliseconds. So bytes bound memory, and values and depth bound the work.
// Where a schema leaves a size open (a text with no cap, an `unknown` value, an object that keeps unknown keys), the
// route's entry declares that side (`bodyLimit` in common/src/api/route.ts); a side the schema bounds is never
// declared, so the two cannot disagree.
import type { z } from "zod";

export interface BodyLimits {
  /** The most bytes of the body as sent. */
  readonly bytes: number;
  /** The most JSON values in it (each object, array, string, number, boolean and null counts one). */
  readonly values: number;
}

/**
 * What every route takes at least, whatever its schema says: room for a client's extra fields (a plain object
 * drops keys it does not know, so a valid request may carry them) and for the body of a route that reads none.
 * Parsing the worst body within it costs well under a millisecond.
 */
export const BODY_LIMIT_FLOOR: BodyLimits = { bytes: 64 * 1024, values: 1024 };

/**
 * The bytes of a body that carries a memo's (or a comment's) text, whose cap is in UTF-8 bytes, not characters
 * (MAX_MEMO_CONTENT_BYTES, 1 MiB): room for the text with every character escaped in two bytes (a newline, a quote)
 * twice over.
 */
export const MEMO_TEXT_BODY_BYTES = 4 * 1024 * 1024;

/** A WebAuthn answer keeps the browser's keys as they are (its extensions' results): its fields are 16 KiB at most. */
export const WEBAUTHN_BODY_LIMIT: BodyLimits = { bytes: 128 * 1024, values: 1024 };

/** An MCP message: JSON-RPC whose tool arguments may carry a memo's text, and an `initialize` its client's capabilities. */
export const MCP_BODY_LIMIT: BodyLimits = { bytes: MEMO_TEXT_BODY_BYTES, values: 4096 };

/** No route's body nests more than 6 levels; JSON nested deeper than this is refused as it arrives. */
export const MAX_BODY_DEPTH = 32;

/** Spaces, newlines and a separator around one value, as a pretty-printed body has them. */
const VALUE_SLACK = 16;
/** The longest JSON number that means anything: `-1.7976931348623157e+308`. */
const NUMBER_BYTES = 24;
/** A JSON string of `length` UTF-16 code units: each at most 6 bytes (`\u001f`), and the quotes. */
const stringBytes = (length: number) => 6 * length + 2;

const UNBOUNDED: BodyLimits = { bytes: Number.POSITIVE_INFINITY, values: Number.POSITIVE_INFINITY };
const one = (bytes: number): BodyLimits => ({ bytes: bytes + VALUE_SLACK, values: 1 });
const larger = (a: BodyLimits, b: BodyLimits): BodyLimits => ({ bytes: Math.max(a.bytes, b.bytes), values: Math.max(a.values, b.values) });

interface Def {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
}

const defOf = (schema: z.ZodType): Def => schema._zod.def as unknown as Def;
interface CheckDef {
  check: string;
  maximum?: number;
  length?: number;
}

/** The least `.max(n)` (or `.length(n)`) of a string or an array: its checks say it (zod fills `_zod.bag` later). */
function maximumOf(schema: z.ZodType): number | undefined {
  const checks = (schema._zod.def.checks ?? []).map((check) => check._zod.def as unknown as CheckDef);
  const maxima = checks.flatMap(({ check, maximum, length }) =>
    check === "max_length" && maximum !== undefined ? [maximum] : check === "length_equals" && length !== undefined ? [length] : [],
  );
  return maxima.length > 0 ? Math.min(...maxima) : undefined;
}

/** The largest JSON text and the most values a value `schema` accepts can have (infinite where it sets no bound). */
export function jsonBound(schema: z.ZodType): BodyLimits {
  const def = defOf(schema);
  switch (def.type) {
    case "string": {
      const maximum = maximumOf(schema);
      return maximum === undefined ? { bytes: Number.POSITIVE_INFINITY, values: 1 } : one(stringBytes(maximum));
    }
    case "number":
    case "int":
    case "bigint":
      return one(NUMBER_BYTES);
    case "boolean":
    case "null":
      return one(5);
    case "never":
      return { bytes: 0, values: 0 };
    case "literal":
      return one(Math.max(...(def.values ?? []).map((value) => JSON.stringify(value)?.length ?? 0)));
    case "enum":
      return one(Math.max(...Object.values(def.entries ?? {}).map((value) => JSON.stringify(value)?.length ?? 0)));
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
      return larger(jsonBound(def.innerType!), one(4));
    // A preprocess is a pipe from a transform: the value as sent is what its output schema accepts. Otherwise the
    // input side is what is sent.
    case "pipe":
      return defOf(def.in!).type === "transform" ? jsonBound(def.out!) : jsonBound(def.in!);
    case "union":
      return (def.options ?? []).map(jsonBound).reduce(larger, { bytes: 0, values: 0 });
    case "array": {
      const maximum = maximumOf(schema);
      if (maximum === undefined) return UNBOUNDED;
      const element = jsonBound(def.element!);
      return { bytes: 2 + VALUE_SLACK + maximum * (element.bytes + 1), values: 1 + maximum * element.values };
    }
    case "object": {
      // A catch-all other than `never` (a loose object) keeps keys of any number and size.
      if (def.catchall !== undefined && defOf(def.catchall).type !== "never") return UNBOUNDED;
      let bytes = 2 + VALUE_SLACK;
      let values = 1;
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const bound = jsonBound(field);
        bytes += stringBytes(key.length) + 1 + bound.bytes;
        values += bound.values;
      }
      return { bytes, values };
    }
    default:
      // unknown, any, record, transform, custom, lazy, …: nothing says how large.
      return UNBOUNDED;
  }
}

/** Bytes rounded up to whole KiB, as the limits are shown. */
const wholeKiB = (bytes: number) => Math.ceil(bytes / 1024) * 1024;

/**
 * A route's limits: its body schema's bound (none: the floor) with the `declared` sides where the schema sets none,
 * never below the floor. Throws when a side is open and undeclared, or declared where the schema bounds it.
 */
export function bodyLimitsOf(name: string, schema: z.ZodType | undefined, declared: Partial<BodyLimits> = {}): BodyLimits {
  const derived = schema ? jsonBound(schema) : BODY_LIMIT_FLOOR;
  const side = (key: keyof BodyLimits): number => {
    const own = declared[key];
    const open = !Number.isFinite(derived[key]);
    if (open && own === undefined) throw new Error(`${name}: its body schema sets no bound on ${key}; declare bodyLimit.${key}`);
    if (!open && own !== undefined) throw new Error(`${name}: bodyLimit.${key} is declared, but its body schema bounds it already`);
    return Math.max(own ?? derived[key], BODY_LIMIT_FLOOR[key]);
  };
  return { bytes: wholeKiB(side("bytes")), values: side("values") };
}
