// Other spellings of a registered route that the router did not match: `/API/user`, `/./api/user`,
// `//api/user`, `/api%2Fuser`. The not-found handler answers them 404 rather than with the web app's page, and a
// dot segment is a 404 even where the router would match it, so every spelling of a route answers as the route
// does or 404. (The spellings the router does match, `/%61pi/user` or `/api/user/`, are that route: every check
// in front of it keys on `request.routeOptions.url`.)
import type { FastifyInstance } from "fastify";
import { notFound } from "../errors.js";

/** How many rounds of percent-decoding are undone (`%2561` is `%61` is `a`). */
const DECODE_ROUNDS = 3;

function decoded(path: string): string {
  let current = path;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/** The segments of a request target's path, decoded, `\` read as `/` (the scheme, host, query and fragment left out). */
function decodedSegments(target: string): string[] {
  const path = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "").split(/[?#]/, 1)[0]!;
  return decoded(path).replaceAll("\\", "/").split("/");
}

/**
 * The path of a request target as a lenient server would read it: without the scheme and host of an
 * absolute-form target, the query and fragment; percent-decoded, `\` as `/`, repeated slashes as one, `.` and
 * `..` segments resolved, no trailing slash. Case is left as it is.
 */
export function normalizedPath(target: string): string {
  const segments: string[] = [];
  for (const segment of decodedSegments(target)) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join("/")}`;
}

/**
 * Whether a request target's path holds a `.` or `..` segment, written out or encoded (`/api/user/.`,
 * `/o/r/1/%2e%2e`). The router does not resolve them: it would take one for a parameter's value, or a file
 * name under a wildcard, where a lenient client or proxy reads the path without it.
 */
export function hasDotSegment(target: string): boolean {
  return decodedSegments(target).some((segment) => segment === "." || segment === "..");
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A registered route (`/api/memo/:memoId`, `/api/docs/static/*`) as a pattern of any case. */
function routePattern(url: string): RegExp {
  const trimmed = url.length > 1 ? url.replace(/\/+$/, "") : url;
  const source = trimmed
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.split("*").map(escapeRegExp).join(".*")))
    .join("/");
  return new RegExp(`^${source}$`, "i");
}

/** The registered routes, to tell whether an unmatched request target spells one of them. */
export class RouteSpellings {
  readonly #patterns = new Map<string, RegExp>();

  add(url: string): void {
    if (!this.#patterns.has(url)) this.#patterns.set(url, routePattern(url));
  }

  /** Whether `target` (a request's URL) is, once normalized, a registered route in any letter case, or under /api. */
  spellsRoute(target: string): boolean {
    const path = normalizedPath(target);
    if (/^\/api(\/|$)/i.test(path)) return true;
    for (const pattern of this.#patterns.values()) {
      if (pattern.test(path)) return true;
    }
    return false;
  }
}

/**
 * Collects every route registered after it (for the not-found handler) and answers a dot segment 404 before any
 * other hook reads the request. Call first.
 */
export function registerRouteSpellings(app: FastifyInstance): RouteSpellings {
  const spellings = new RouteSpellings();
  app.addHook("onRoute", (route) => spellings.add(route.url));
  app.addHook("onRequest", async (request) => {
    if (hasDotSegment(request.url)) throw notFound("Not Found", { reason: "route.not-found" });
  });
  return spellings;
}
