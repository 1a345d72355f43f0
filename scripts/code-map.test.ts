// docs/code-map.md sends the next engineer to files: every repository path it names in backticks exists, so the map
// cannot keep pointing at a file that was moved or renamed. `<area>` (or `*`) in a path stands for any name, and
// at least one file must fit it.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
/** The repository's top-level folders a code path can start with. */
const TOP_FOLDERS = new Set(
  readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name),
);

/** The backticked spans of a text that name a repository path: under a top-level folder, or a file at the root. */
function namedPaths(markdown: string): string[] {
  return [...markdown.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1]!)
    .filter((span) => (span.includes("/") ? TOP_FOLDERS.has(span.split("/")[0]!) : /^(?:[\w-]+\.[\w.]+|Dockerfile)$/.test(span)));
}

/** A path segment as a pattern: `<area>.routes.ts` fits `memo.routes.ts`. */
function segmentPattern(segment: string): RegExp {
  const escaped = segment.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped.replace(/<[^>]+>|\*/g, "[^/]+")}$`);
}

/** Whether some file or folder of the repository fits the path, placeholders and all. */
function exists(path: string): boolean {
  let candidates = [ROOT];
  for (const segment of path.replace(/\/$/, "").split("/")) {
    const pattern = segmentPattern(segment);
    candidates = candidates.flatMap((folder) => {
      if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) return [];
      return readdirSync(folder)
        .filter((name) => pattern.test(name))
        .map((name) => join(folder, name));
    });
  }
  return candidates.length > 0;
}

describe("docs/code-map.md", () => {
  it("names only paths that exist", () => {
    const paths = namedPaths(readFileSync(join(ROOT, "docs", "code-map.md"), "utf8"));
    expect(paths.length).toBeGreaterThan(50); // the map was read, not an empty match
    expect(paths.filter((path) => !exists(path))).toEqual([]);
  });

  it("catches a path that is not there, with or without a placeholder", () => {
    const paths = namedPaths(
      "`server/src/routes/<area>.routes.ts`, `server/src/nowhere.ts`, `web/src/<area>.nope`, `Dockerfile`, `ROUTES`",
    );
    expect(paths).toEqual(["server/src/routes/<area>.routes.ts", "server/src/nowhere.ts", "web/src/<area>.nope", "Dockerfile"]);
    expect(paths.filter((path) => !exists(path))).toEqual(["server/src/nowhere.ts", "web/src/<area>.nope"]);
  });
});
