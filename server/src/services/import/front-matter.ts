// YAML front matter: `---` on the first line, YAML, `---` on a line of its own, then the text (kept byte for byte).
// The YAML of an archive is read within bounds, so a note's cost grows with its size and no faster: the front matter
// is at most FRONT_MATTER_LIMITS.bytes, its flow nesting is measured by yaml's lexer before anything is built (deep
// nesting exhausts the parser's stack), aliases expand to a bounded number of nodes, and keys are counted and checked
// for duplicates with one set per map (yaml's own `uniqueKeys` compares each key with every earlier one: quadratic).
import { isScalar, Lexer, parseDocument, visit } from "yaml";

export const FRONT_MATTER_LIMITS = { bytes: 256 * 1024, keys: 10_000, depth: 32, aliases: 100 };

export interface FrontMatter {
  data: Record<string, unknown>;
  body: string;
}

/** Why a note's front matter cannot be read; the message is the reason the import's problems list. */
export class FrontMatterError extends Error {}

const FENCE = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

function checkNesting(yaml: string): void {
  let depth = 0;
  for (const token of new Lexer().lex(yaml)) {
    if (token === "[" || token === "{") {
      if (++depth > FRONT_MATTER_LIMITS.depth) {
        throw new FrontMatterError(`front matter nested deeper than ${FRONT_MATTER_LIMITS.depth} levels, the most an import reads`);
      }
    } else if (token === "]" || token === "}") depth = Math.max(0, depth - 1);
  }
}

function checkKeys(document: ReturnType<typeof parseDocument>): void {
  let keys = 0;
  visit(document, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        if (++keys > FRONT_MATTER_LIMITS.keys) {
          throw new FrontMatterError(`front matter with more than ${FRONT_MATTER_LIMITS.keys} keys, the most an import reads`);
        }
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (seen.has(key)) throw new FrontMatterError(`malformed front matter: the key "${String(key).slice(0, 60)}" appears twice`);
        seen.add(key);
      }
    },
  });
}

const firstLine = (error: Error) => error.message.split("\n")[0]!.replace(/:$/, "");

/** The front matter and the text after it; throws a FrontMatterError when the front matter is malformed or over the limits. */
export function splitFrontMatter(source: string): FrontMatter {
  const match = FENCE.exec(source);
  if (!match) return { data: {}, body: source };
  const yaml = match[1] ?? "";
  if (Buffer.byteLength(yaml) > FRONT_MATTER_LIMITS.bytes) {
    throw new FrontMatterError(`front matter longer than ${FRONT_MATTER_LIMITS.bytes / 1024} KiB, the most an import reads`);
  }
  let data: unknown;
  try {
    checkNesting(yaml);
    const document = parseDocument(yaml, { schema: "core", uniqueKeys: false });
    const [error] = document.errors;
    if (error) throw error;
    checkKeys(document);
    data = document.toJS({ maxAliasCount: FRONT_MATTER_LIMITS.aliases });
  } catch (error) {
    if (error instanceof FrontMatterError) throw error;
    throw new FrontMatterError(`malformed front matter: ${firstLine(error as Error)}`);
  }
  if (data !== null && data !== undefined && (typeof data !== "object" || Array.isArray(data))) {
    throw new FrontMatterError("malformed front matter: it is not a set of keys");
  }
  return { data: (data ?? {}) as Record<string, unknown>, body: source.slice(match[0].length) };
}
