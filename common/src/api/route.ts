// What one entry of the route table (routes/) says about an endpoint, and the helpers that write entries. The
// server registers its routes from the entries (validation, who may call, the answer cache, the OpenAPI
// document) and the web calls them through a client typed by them, so an endpoint is written down once.
import { z } from "zod";
import { type BodyLimits, bodyLimitsOf, MAX_BODY_DEPTH } from "./body-limits.js";

export type Method = "GET" | "POST" | "PATCH" | "DELETE";

/**
 * Who may call a route:
 * - `anonymous`: anyone, and no credential is read (signing in, up and out, the feeds);
 * - `public`: anyone; a credential, when one is sent, says who calls (answers may depend on it);
 * - `signed-in`: a user, by session cookie, access token or open ID (401 without one);
 * - `session`: a user signed in by the session cookie only (a token or the open ID gets 403);
 * - `token`: a user by a personal access token in `Authorization: Bearer` only (the MCP endpoint): without one, or
 *   with the cookie or the open ID alone, 401 with `WWW-Authenticate`.
 * Whatever the level, a read-only access token may only read: every method but GET answers it 403 — but on `token`
 * routes, which judge the token's scope themselves (per MCP tool).
 */
export type Access = "anonymous" | "public" | "signed-in" | "session" | "token";

/** A JSON body or a query string, validated by the server: a failure answers 400 "`message`: field: rule". */
export interface Input<S extends z.ZodType = z.ZodType> {
  readonly kind: "input";
  readonly schema: S;
  readonly message: string;
}

/** @example body: input(memoCreateSchema, "Malformatted post memo request") */
export const input = <S extends z.ZodType>(schema: S, message: string): Input<S> => ({ kind: "input", schema, message });

/** The 400 messages of an uploaded form (the wire's, which differ by route). */
export interface FormMessages {
  /** The request is not multipart/form-data. */
  readonly notForm: string;
  /** The form has no file part named `file`. */
  readonly noFile: string;
  /** The multipart body cannot be read. */
  readonly malformed: string;
}

const binary = () => z.string().meta({ format: "binary" });

/** An upload: multipart/form-data with the file in the field `file`, read by the handler as a stream. */
export interface FormInput {
  readonly kind: "form";
  /** Describes the form in the OpenAPI document; the server does not validate it. */
  readonly schema: z.ZodType;
  readonly messages: FormMessages;
}

export const form = (messages: FormMessages): FormInput => ({ kind: "form", schema: z.object({ file: binary() }), messages });

/** `{"data": …}`, the envelope of every JSON answer of /api. */
export interface DataAnswer<S extends z.ZodType = z.ZodType> {
  readonly kind: "data";
  readonly schema: S;
  readonly description?: string;
}

/** A JSON value as it is, without the envelope (`true` of a DELETE and of sign-out; the OpenAPI document). */
export interface BareAnswer<S extends z.ZodType = z.ZodType> {
  readonly kind: "bare";
  readonly schema: S;
  readonly description?: string;
}

/** Not JSON: a file, an archive, a feed. */
export interface FileAnswer {
  readonly kind: "file";
  readonly contentType: string;
  readonly schema: z.ZodType;
  readonly description: string;
}

/** A redirect of the browser (302 with `Location`), for the single sign-on flow a browser follows. */
export interface RedirectAnswer {
  readonly kind: "redirect";
  readonly description: string;
}

export type Answer = DataAnswer | BareAnswer | FileAnswer | RedirectAnswer;

export const data = <S extends z.ZodType>(schema: S, description?: string): DataAnswer<S> => ({ kind: "data", schema, description });
export const bare = <S extends z.ZodType>(schema: S, description?: string): BareAnswer<S> => ({ kind: "bare", schema, description });
export const redirect = (description: string): RedirectAnswer => ({ kind: "redirect", description });
export const file = (contentType: string, description: string, schema: z.ZodType = binary()): FileAnswer => ({
  kind: "file",
  contentType,
  schema,
  description,
});

/** The error statuses a route documents. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 507;

export interface RouteEntry {
  readonly method: Method;
  /** Fastify's syntax: `/api/memo/:memoId`. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly access: Access;
  /** One schema per `:name` of the path (`pathId("Memo ID")`); an issue's message is the whole 400 message. */
  readonly params?: z.ZodObject;
  readonly query?: Input;
  readonly body?: Input | FormInput;
  /**
   * The sides of the largest body this route reads that its body schema leaves open (a text with no cap, a value of
   * any shape): common/src/api/body-limits.ts derives the rest, and refuses a declaration its schema makes needless.
   */
  readonly bodyLimit?: Partial<BodyLimits>;
  readonly answer: Answer;
  /**
   * When the route answers each error status, beyond what its access and input imply (400 for malformed input,
   * 401 without a caller, 403 to a read-only token's write or to a token on a session route).
   */
  readonly errors?: { readonly [S in ErrorStatus]?: string };
  /**
   * A GET whose 200 answers depend only on the viewer, the URL and the data: the server keeps them (up to
   * `maxEntryBytes` each when given). See server/src/http/response-cache.ts.
   */
  readonly cacheable?: boolean | { readonly maxEntryBytes: number };
  /**
   * An OAuth endpoint (access `anonymous`): its errors are OAuth's `{"error", "error_description"}` (RFC 6749 §5.2)
   * instead of the envelope, a body may also come as application/x-www-form-urlencoded, and any site may call it
   * (`Access-Control-Allow-Origin: *`; no cookie is read, so the same-origin rule has nothing to protect).
   */
  readonly oauth?: true;
}

/** The `:name` parameters of a path. */
type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** An entry whose `params` name exactly the path's parameters (or that has neither). */
type ParamsMatchPath<E extends RouteEntry> = [PathParams<E["path"]>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: z.ZodObject<{ [K in PathParams<E["path"]>]: z.ZodType }> };

/** One entry of the table, its literal types kept (method, path, schemas) for the server's and the web's types. */
export const route = <const E extends RouteEntry>(entry: E & ParamsMatchPath<E>): E => entry;

/** What the server answers for a status, as documented: the entry's words, after those its access and input imply. */
export function documentedErrors(entry: RouteEntry): Partial<Record<ErrorStatus, string>> {
  const implied: Partial<Record<ErrorStatus, string[]>> = {};
  const add = (status: ErrorStatus, text: string) => {
    implied[status] = [...(implied[status] ?? []), text];
  };
  if (entry.params || entry.query || entry.body?.kind === "input") add(400, "Malformed input (the message names the field)");
  if (entry.access === "signed-in" || entry.access === "session") add(401, "Not signed in");
  if (entry.access === "token")
    add(401, "No personal access token, or an unknown, revoked or expired one (with a `WWW-Authenticate` challenge)");
  if (entry.method !== "GET" && entry.access !== "anonymous" && entry.access !== "token") add(403, "A read-only access token");
  if (entry.access === "session") add(403, "An access token or the open ID (a signed-in session only)");
  if (entry.body?.kind === "input") {
    const limits = bodyLimitsOf(entry.path, entry.body.schema, entry.bodyLimit);
    add(413, `A body past this route's limits: ${limits.bytes / 1024} KiB, ${limits.values} JSON values, ${MAX_BODY_DEPTH} levels deep`);
  }
  for (const [status, text] of Object.entries(entry.errors ?? {})) add(Number(status) as ErrorStatus, text);
  const joined = (texts: string[]) => texts.map((text, index) => (index === 0 ? text : text[0]!.toLowerCase() + text.slice(1))).join("; ");
  return Object.fromEntries(Object.entries(implied).map(([status, texts]) => [status, joined(texts)]));
}
