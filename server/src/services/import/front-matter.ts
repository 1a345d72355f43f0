// YAML front matter: `---` on the first line, YAML, `---` on a line of its own, then the text (kept byte for byte).
import { parse } from "yaml";

export interface FrontMatter {
  data: Record<string, unknown>;
  body: string;
}

const FENCE = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** The front matter and the text after it; throws (with YAML's message) when the front matter is malformed. */
export function splitFrontMatter(source: string): FrontMatter {
  const match = FENCE.exec(source);
  if (!match) return { data: {}, body: source };
  const data = parse(match[1] ?? "", { schema: "core", uniqueKeys: true }) as unknown;
  if (data !== null && data !== undefined && (typeof data !== "object" || Array.isArray(data))) {
    throw new Error("front matter is not a set of keys");
  }
  return { data: (data ?? {}) as Record<string, unknown>, body: source.slice(match[0].length) };
}
