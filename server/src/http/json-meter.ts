// Counts what a JSON text holds as its bytes arrive, without parsing it: how many values (each `[`, `{` and `,`
// outside a string starts one) and how deep it nests. Parsing a body costs its values and its depth far more than its
// bytes (4 MB in one string parses in milliseconds, 4 MB of `[[[…` in most of a second), so a body past its route's
// values or a depth no route takes is refused by this count, a chunk at a time, before anything parses it.
// Strings are skipped with Buffer.indexOf (memchr): a memo's megabyte of text costs well under a millisecond.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

export interface MeterLimits {
  values: number;
  depth: number;
}

export type MeterBreach = "values" | "depth";

export class JsonMeter {
  private inString = false;
  /** The last chunk ended on a backslash inside a string: the next byte is escaped. */
  private escaped = false;
  private depth = 0;
  /** The top-level value, and one more per container opened and per comma. */
  private values = 1;

  constructor(private readonly limits: MeterLimits) {}

  /** Reads the next chunk of the text; the limit it went past, or null. */
  feed(chunk: Uint8Array): MeterBreach | null {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const end = buffer.length;
    // The next quote and backslash at or after `at`, each found once and reused until passed (-1: none left in
    // this chunk): looking them up again for each string or escape would scan the rest of the chunk each time.
    let quote = -2;
    let backslash = -2;
    let at = 0;
    while (at < end) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          at++;
          continue;
        }
        if (quote !== -1 && quote < at) quote = buffer.indexOf(QUOTE, at);
        if (backslash !== -1 && backslash < at) backslash = buffer.indexOf(BACKSLASH, at);
        if (backslash !== -1 && (quote === -1 || backslash < quote)) {
          this.escaped = true;
          at = backslash + 1;
          continue;
        }
        if (quote === -1) return null; // the string goes on in the next chunk
        this.inString = false;
        at = quote + 1;
        continue;
      }
      const byte = buffer[at++]!;
      if (byte === QUOTE) {
        this.inString = true;
      } else if (byte === COMMA) {
        if (++this.values > this.limits.values) return "values";
      } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        if (++this.depth > this.limits.depth) return "depth";
        if (++this.values > this.limits.values) return "values";
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
        this.depth--;
      }
    }
    return null;
  }
}
