// The server's routes come from the route table (common/src/api/routes): each entry is registered here with the
// handler its area gives it (routes/<area>.routes.ts), and becomes the route's Fastify options: the zod schemas
// Fastify validates with and the OpenAPI document shows (http/route-schema.ts), who may call it (`config.access`,
// read by http/access.ts), whether its answers are kept (`config.cacheable`, http/response-cache.ts), the
// document's tag, security and errors. A handler returns the answer's value, typed by the entry: the `{"data": …}`
// envelope is added here.
import {
  type Access,
  AREAS,
  type Area,
  areaOf,
  type BareAnswer,
  type BodyOf,
  type DataAnswer,
  dataEnvelope,
  documentedErrors,
  errorEnvelopeSchema,
  oauthErrorSchema,
  type FormInput,
  type NamesOf,
  type ParamsOf,
  type QueryOf,
  ROUTES,
  type RouteEntry,
  type RouteName,
  routeBodyLimits,
} from "@memos/common";
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from "fastify";
import { z } from "zod";
import { type FormBody, formBody, registerFormParser, requireForm } from "./form-upload.js";
import { registerOAuthBodyParser, preflightRoute } from "./oauth-route.js";
import { checkFirst, documented, withMessage } from "./route-schema.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route's name in the table; absent on routes outside it (the web app, Swagger UI's assets). */
    routeName?: RouteName;
    access?: Access;
    /** An OAuth endpoint: OAuth's errors, form-encoded bodies, any origin (http/oauth-route.ts). */
    oauth?: boolean;
  }
}

type Entry<N extends RouteName> = (typeof ROUTES)[N];

/** JSON text of a `data` answer's value, sent as it is (the heat map's display times come from the database as text). */
export class JsonText<T> {
  declare readonly value?: T;
  constructor(readonly text: string) {}
}

type RequestBody<N extends RouteName> = Entry<N> extends { body: FormInput } ? FormBody : BodyOf<N>;

/** A route's request: its params, query and body as the entry's schemas parse them. */
type RouteRequest<N extends RouteName> = FastifyRequest<{ Params: ParamsOf<N>; Querystring: QueryOf<N>; Body: RequestBody<N> }>;

/** What a handler returns: the answer's value (or its JSON text), or, for a file, the reply it sent or the text. */
type Result<N extends RouteName> =
  Entry<N>["answer"] extends DataAnswer<infer S>
    ? z.output<S> | JsonText<z.output<S>>
    : Entry<N>["answer"] extends BareAnswer<infer S>
      ? z.output<S>
      : FastifyReply | string;

type Handler<N extends RouteName> = (request: RouteRequest<N>, reply: FastifyReply) => Promise<Result<N>>;

/** A handler with what the server does before it (not part of the wire contract). */
interface Registration<N extends RouteName> {
  handler: Handler<N>;
  /**
   * Judges the caller before Fastify validates the body (v0 answered 401/403/404 before a 400 of the body), with
   * the parsed path parameters; skipped when they are malformed. The body is still raw here.
   */
  checkFirst?: (request: FastifyRequest, params: ParamsOf<N>) => Promise<unknown>;
  /** Rewrites the raw input before validation. */
  preValidation?: (request: FastifyRequest) => Promise<void>;
  onRequest?: onRequestHookHandler;
  /** Fastify answers HEAD for every GET unless this is false. */
  exposeHeadRoute?: boolean;
}

/** A route a plugin registers (Swagger UI's page): the table describes it, the plugin serves it. */
interface ServedElsewhere {
  servedBy: string;
}

type Slot<N extends RouteName> = Handler<N> | Registration<N> | ServedElsewhere;

/** The handlers of one area's routes: a missing or extra one, or a wrong answer type, fails to compile. */
export type Handlers<A extends Area> = { [N in NamesOf<A>]: Slot<N> };
export type AllHandlers = { [N in RouteName]: Slot<N> };

const TABLE = new Map<string, RouteName>(
  (Object.keys(ROUTES) as RouteName[]).map((name) => [`${ROUTES[name].method} ${ROUTES[name].path}`, name]),
);

/** The table's name of a registered route (HEAD is its GET's), or undefined. */
function routeNameOf(method: string, url: string): RouteName | undefined {
  return TABLE.get(`${method === "HEAD" ? "GET" : method} ${url}`);
}

const signedIn: Record<string, string[]>[] = [{ cookie: [] }, { bearer: [] }, { openId: [] }];
const SECURITY: Record<Access, Record<string, string[]>[]> = {
  anonymous: [],
  // `{}`: no credential at all.
  public: [{}, ...signedIn],
  "signed-in": signedIn,
  session: [{ cookie: [] }],
  token: [{ bearer: [] }],
};

const ERROR_ANSWER =
  'An error: {"error": "code=N, message=M", "message": M, "reason": R} with N the status (400, 401, 403, 404, 409, 413, 429, 500, 507) and R the kind of failure; `field` and `params` when known.';

function responses(entry: RouteEntry) {
  const { answer } = entry;
  const description = answer.description ?? "OK";
  const errorSchema = entry.oauth ? oauthErrorSchema : errorEnvelopeSchema;
  const errors = Object.entries(documentedErrors(entry)).map(([status, text]) => [status, errorSchema.meta({ description: text })]);
  // A redirect has no body: `Location` is the answer.
  const fallback = entry.oauth ? oauthErrorSchema : errorEnvelopeSchema.meta({ description: ERROR_ANSWER });
  if (answer.kind === "redirect") return { 302: z.null().meta({ description }), ...Object.fromEntries(errors), default: fallback };
  const success =
    answer.kind === "file"
      ? { description, content: { [answer.contentType]: { schema: answer.schema } } }
      : (answer.kind === "data" ? dataEnvelope(answer.schema) : answer.schema).meta({ description });
  return { 200: success, ...Object.fromEntries(errors), default: fallback };
}

/**
 * The Fastify schema of an entry: what Fastify validates and what the OpenAPI document says. Made once per entry
 * and shared by every app of the process (Fastify marks a schema it has prepared and takes it as it is again): the
 * API test suites build hundreds of apps, and making them was a fifth of each build.
 */
const schemas = new Map<RouteName, ReturnType<typeof makeSchema>>();
function schemaOf(name: RouteName) {
  const made = schemas.get(name);
  if (made) return made;
  const schema = makeSchema(name);
  schemas.set(name, schema);
  return schema;
}

function makeSchema(name: RouteName) {
  const entry: RouteEntry = ROUTES[name];
  const { body } = entry;
  return {
    summary: entry.summary,
    ...(entry.description && { description: entry.description }),
    tags: [areaOf(name)],
    security: SECURITY[entry.access],
    ...(entry.params && { params: entry.params }),
    ...(entry.query && { querystring: withMessage(entry.query.schema, entry.query.message) }),
    ...(body?.kind === "input" && { body: withMessage(body.schema, body.message) }),
    ...(body?.kind === "input" && entry.oauth && { consumes: ["application/x-www-form-urlencoded", "application/json"] }),
    ...(body?.kind === "form" && { consumes: ["multipart/form-data"], body: documented(body.schema) }),
    response: responses(entry),
  };
}

function configOf(name: RouteName) {
  const entry: RouteEntry = ROUTES[name];
  return {
    routeName: name,
    access: entry.access,
    bodyValues: routeBodyLimits(name).values,
    ...(entry.cacheable !== undefined && { cacheable: entry.cacheable }),
    ...(entry.oauth && { oauth: true }),
  };
}

/** The document's groups: one per area of the table. */
export const openApiTags = () => Object.entries(AREAS).map(([name, description]) => ({ name, description }));

/**
 * An onRoute hook, added before anything registers: a route a plugin registers that the table names (Swagger UI's
 * page) gets its entry's schema and config; every other route outside the table is left out of the document.
 */
export function adoptTableRoutes(route: RouteOptions): void {
  if (route.config?.routeName !== undefined) return;
  const name = routeNameOf([route.method].flat()[0]!, route.url);
  if (name === undefined) {
    route.schema = { ...route.schema, hide: true };
    return;
  }
  route.schema = schemaOf(name);
  route.config = { ...route.config, ...configOf(name) };
}

/** Wraps a handler: a form route's body reader, then the answer's envelope. */
function answering(name: RouteName, handler: Handler<RouteName>) {
  const entry: RouteEntry = ROUTES[name];
  const { body, answer } = entry;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (body?.kind === "form") request.body = formBody(request, body.messages);
    const result: unknown = await handler(request as RouteRequest<RouteName>, reply);
    if (answer.kind !== "data") return result;
    if (result instanceof JsonText) return reply.type("application/json; charset=utf-8").send(`{"data":${result.text}}`);
    return { data: result };
  };
}

/** Registers every entry of the table with its handler, in the table's order. */
export async function registerRouteTable(app: FastifyInstance, handlers: AllHandlers, options: { maxUploadBytes: number }): Promise<void> {
  for (const name of Object.keys(ROUTES) as RouteName[]) {
    const slot = handlers[name] as Slot<RouteName>;
    if ("servedBy" in slot) continue;
    const registration: Registration<RouteName> = typeof slot === "function" ? { handler: slot } : slot;
    const entry: RouteEntry = ROUTES[name];
    const { body } = entry;
    const preValidation = [
      ...(registration.preValidation ? [registration.preValidation] : []),
      ...(registration.checkFirst
        ? [checkFirst(entry.params, registration.checkFirst as (request: FastifyRequest, params: unknown) => Promise<unknown>)]
        : []),
    ];
    const onRequest = [
      ...(body?.kind === "form" ? [requireForm(body.messages)] : []),
      ...(registration.onRequest ? [registration.onRequest] : []),
    ];
    const route: RouteOptions = {
      method: entry.method,
      url: entry.path,
      schema: schemaOf(name),
      config: configOf(name),
      // A form's file has its own limit (the upload's, http/form-upload.ts).
      ...(body?.kind !== "form" && { bodyLimit: routeBodyLimits(name).bytes }),
      ...(onRequest.length > 0 && { onRequest }),
      ...(preValidation.length > 0 && { preValidation }),
      ...(registration.exposeHeadRoute !== undefined && { exposeHeadRoute: registration.exposeHeadRoute }),
      handler: answering(name, registration.handler),
    };
    if (body?.kind === "form") {
      // The multipart parser only where a form is taken: elsewhere a form is refused by its content type (415).
      await app.register(async (scope) => {
        await registerFormParser(scope, options.maxUploadBytes);
        scope.route(route);
      });
    } else if (entry.oauth && body) {
      await app.register(async (scope) => {
        registerOAuthBodyParser(scope);
        scope.route(route);
        scope.route(preflightRoute(entry.path));
      });
    } else {
      app.route(route);
    }
  }
}
