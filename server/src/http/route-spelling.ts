// Other spellings of a registered route that the router did not match: `/API/user`, `/./api/user`,
// `//api/user`, `/api%2Fuser`. The not-found handler answers them 404 rather than with the web app's page, so
// every spelling of a route answers as the route does or 404, and nothing decides on the raw URL.

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

/**
 * The path of a request target as a lenient server would read it: without the scheme and host of an
 * absolute-form target, the query and fragment; percent-decoded, `\` as `/`, repeated slashes as one, `.` and
 * `..` segments resolved, no trailing slash. Case is left as it is.
 */
export function normalizedPath(target: string): string {
  const path = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "").split(/[?#]/, 1)[0]!;
  const segments: string[] = [];
  for (const segment of decoded(path).replaceAll("\\", "/").split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join("/")}`;
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
