// Schemas sit by area, beside the routes that name them (issue 43): a route of routes/<area>.ts takes the bodies and
// queries of schemas/<area>.ts, and answers with its shapes, or with the shape another area declares for its own
// routes (a sign-in answers the user of schemas/user.ts); schemas several areas share are shared-schemas.ts's. Read
// from the real table and the real modules, so a schema declared anywhere else, or a file by kind, fails here.
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { data, input, type RouteEntry, route } from "../route.js";
import { AREAS, ROUTES } from "../routes/index.js";

const SRC = join(import.meta.dirname, "..", "..");
const SCHEMAS = "api/schemas";
/** What several areas share. */
const SHARED = "api/shared-schemas.ts";

/** Every TypeScript module of common/src, as a path relative to it; tests and the barrels (index.ts) left out. */
function modules(folder = SRC): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return modules(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && entry.name !== "index.ts" ? [relative(SRC, path)] : [];
  });
}

interface Declaration {
  /** The module that exports it, relative to common/src. */
  readonly file: string;
  readonly name: string;
}

/** Every zod schema a module of common/src exports, with the modules that export it. */
async function declarations(): Promise<Map<z.ZodType, Declaration[]>> {
  const declared = new Map<z.ZodType, Declaration[]>();
  for (const file of modules()) {
    const exports: Record<string, unknown> = await import(join(SRC, file));
    for (const [name, value] of Object.entries(exports)) {
      if (value instanceof z.ZodType) declared.set(value, [...(declared.get(value) ?? []), { file, name }]);
    }
  }
  return declared;
}

/** What a value of a schema's definition may hold a schema in: itself, the items of a list, the values of a shape. */
function partsOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value !== null && typeof value === "object" && !(value instanceof z.ZodType)) return Object.values(value);
  return [value];
}

/**
 * The declared schemas a schema is made of, down to the first declared one on each path: `z.array(memoEntitySchema)`
 * written in a route names memoEntitySchema, not the user inside it.
 */
function declaredWithin(schema: z.ZodType, isDeclared: (schema: z.ZodType) => boolean, seen = new Set<z.ZodType>()): z.ZodType[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  if (isDeclared(schema)) return [schema];
  // A schema's definition holds its parts: an object's shape, an array's element, a union's options, a pipe's ends.
  const parts = Object.values(schema._zod.def as unknown as Record<string, unknown>).flatMap(partsOf);
  return parts.filter((part) => part instanceof z.ZodType).flatMap((part) => declaredWithin(part, isDeclared, seen));
}

/** What a route reads (its path parameters, query and body) and what it answers. */
function sides(entry: RouteEntry): { requests: z.ZodType[]; answers: z.ZodType[] } {
  const requests = [entry.params, entry.query?.schema, entry.body?.kind === "input" ? entry.body.schema : undefined];
  const answers = ["schema" in entry.answer ? entry.answer.schema : undefined];
  const defined = (schemas: Array<z.ZodType | undefined>) => schemas.filter((schema) => schema !== undefined);
  return { requests: defined(requests), answers: defined(answers) };
}

/**
 * Where the routes' schemas break the rule: each problem names the route, the schema and the file it should be in.
 * A request is its area's own (or a shared piece); an answer may also be another area's shape that area's routes answer.
 */
function misplaced(routes: Record<string, RouteEntry>, declared: Map<z.ZodType, Declaration[]>): string[] {
  const isDeclared = (schema: z.ZodType) => declared.has(schema);
  const named = Object.entries(routes).map(([name, entry]) => {
    const { requests, answers } = sides(entry);
    return {
      name,
      area: name.slice(0, name.indexOf(".")),
      requests: requests.flatMap((schema) => declaredWithin(schema, isDeclared)),
      answers: answers.flatMap((schema) => declaredWithin(schema, isDeclared)),
    };
  });
  const answeredIn = (area: string, schema: z.ZodType) => named.some((route) => route.area === area && route.answers.includes(schema));
  const problems: string[] = [];
  for (const route of named) {
    const own = `${SCHEMAS}/${route.area}.ts`;
    const check = (schema: z.ZodType, isAnswer: boolean) => {
      const where = declared.get(schema) ?? [];
      const { file, name } = where[0]!;
      if (where.length > 1) problems.push(`${route.name}: ${name} is exported by ${where.map((other) => other.file).join(" and ")}`);
      if (file === own || file === SHARED) return;
      const home = file.startsWith(`${SCHEMAS}/`) ? file.slice(SCHEMAS.length + 1, -".ts".length) : undefined;
      if (isAnswer && home !== undefined && answeredIn(home, schema)) return;
      problems.push(`${route.name}: ${name} is declared in ${file}; declare it in ${own}`);
    };
    for (const schema of route.requests) check(schema, false);
    for (const schema of route.answers) check(schema, true);
  }
  return [...new Set(problems)];
}

const declared = await declarations();

describe("schemas by area", () => {
  it("has one file per area of the route table, named after it", () => {
    const files = readdirSync(join(SRC, SCHEMAS)).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"));
    expect(files.length).toBeGreaterThan(15); // the folder was read
    expect(files.filter((name) => !Object.hasOwn(AREAS, name.slice(0, -".ts".length)))).toEqual([]);
  });

  it("gives every route its own area's requests and answers, or another area's answers that area's routes give", () => {
    expect(misplaced(ROUTES, declared)).toEqual([]);
  });

  it("has no file of schemas by kind", () => {
    expect(modules().filter((file) => /(?:^|[-/])(?:requests|queries|entities|dtos?)\.ts$/.test(file))).toEqual([]);
  });

  it("catches a schema of one area declared in another's file or outside schemas/", () => {
    const memo = z.object({ id: z.int() });
    const comment = z.object({ content: z.string() });
    const stray = z.object({ memoId: z.int() });
    const reexported = z.object({ closed: z.boolean() });
    const fakes = new Map<z.ZodType, Declaration[]>([
      [memo, [{ file: `${SCHEMAS}/memo.ts`, name: "memoEntitySchema" }]],
      [comment, [{ file: `${SCHEMAS}/memo.ts`, name: "commentEntitySchema" }]],
      [stray, [{ file: "api/entities.ts", name: "strayEntitySchema" }]],
      [
        reexported,
        [
          { file: `${SCHEMAS}/comment.ts`, name: "commentCloseSchema" },
          { file: "api/requests.ts", name: "commentCloseSchema" },
        ],
      ],
    ]);
    const entry = (answer: z.ZodType, body?: z.ZodType) =>
      route({ method: "POST", path: "/x", summary: "", access: "public", ...(body && { body: input(body, "") }), answer: data(answer) });
    const routes: Record<string, RouteEntry> = {
      "memo.get": entry(memo),
      // Another area's answer, which that area's routes answer too: reused where it lives.
      "share.memo": entry(z.array(memo)),
      // Another area's shape as a body: a request is its area's own.
      "comment.create": entry(z.literal(true), memo),
      // An answer only comment routes give, in the memo file.
      "comment.list": entry(z.array(comment)),
      // A schema outside schemas/.
      "comment.count": entry(z.object({ items: z.array(stray) })),
      // A schema of its own file that a file by kind exports again.
      "comment.close": entry(z.literal(true), reexported),
    };
    expect(misplaced(routes, fakes)).toEqual([
      `comment.create: memoEntitySchema is declared in ${SCHEMAS}/memo.ts; declare it in ${SCHEMAS}/comment.ts`,
      `comment.list: commentEntitySchema is declared in ${SCHEMAS}/memo.ts; declare it in ${SCHEMAS}/comment.ts`,
      `comment.count: strayEntitySchema is declared in api/entities.ts; declare it in ${SCHEMAS}/comment.ts`,
      `comment.close: commentCloseSchema is exported by ${SCHEMAS}/comment.ts and api/requests.ts`,
    ]);
  });
});
