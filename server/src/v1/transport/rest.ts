// The REST transport, as grpc-gateway maps the API: one Fastify route per RPC with a google.api.http option, its
// input read from the path, the query string and the JSON body by the option's rule, its answer written as protojson
// (camelCase names, enums by name, 64-bit integers as strings, RFC 3339 times, defaults written out), its failures as
// `{code, message, details}` with grpc-gateway's statuses.
import { create, type DescMessage, type DescMethodUnary, type JsonObject, type JsonValue, toJson } from "@bufbuild/protobuf";
import { MEMO_TEXT_BODY_BYTES } from "@memos/common";
import { Code, ConnectError } from "@connectrpc/connect";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.js";
import { rpcOf, type V1Service } from "../rpc.js";
import { asConnectError, invalidArgument, restError } from "./errors.js";
import { type RestBinding, type RestVerb, restBindingOf, variableValue } from "./http-rule.js";
import { invokeRpc } from "./invoke.js";
import { addPathValue, addQuery, decodeRequest, dropUnknownKeys, fieldNamed } from "./json-request.js";

/** A REST body's bytes unless the RPC declares more: a memo's text escaped (common's MEMO_TEXT_BODY_BYTES). */
const BODY_BYTES = MEMO_TEXT_BODY_BYTES;
/** A REST body's JSON values: a list of a thousand names (a memo's attachments) and more. */
const BODY_VALUES = 16_384;

/** Written for every answer: the zero values too, as memos' gateway does (a client may count on every plain field). */
/** The route that answers a path under /api/v1 no RPC maps, for every verb a mapping may use. */
export const REST_FALLBACK = { methods: ["GET", "POST", "PUT", "PATCH", "DELETE"], url: "/api/v1/*" } as const;

export const JSON_WRITE = { alwaysEmitImplicit: true } as const;

/** A REST route of one RPC: what the route table test and the access hook need to know of it. */
interface RestRoute {
  service: V1Service;
  method: DescMethodUnary;
  binding: RestBinding;
}

/** Every RPC's REST route, in the services' order. */
function restRoutes(services: readonly V1Service[]): RestRoute[] {
  return services.flatMap((service) =>
    service.service.methods.flatMap((method) => {
      if (method.methodKind !== "unary") return [];
      const binding = restBindingOf(method);
      return binding ? [{ service, method: method as DescMethodUnary, binding }] : [];
    }),
  );
}

/** The RPCs one Fastify route serves: one method and route, told apart by the custom verb their path ends in. */
export interface RestRouteGroup {
  verb: RestVerb;
  url: string;
  routes: RestRoute[];
}

/** Every REST route, the RPCs that share it together (`GET users/{u}` and `GET users/{u}:getStats`). */
export function restRouteGroups(services: readonly V1Service[]): RestRouteGroup[] {
  const groups = new Map<string, RestRouteGroup>();
  for (const route of restRoutes(services)) {
    const { verb, url } = route.binding;
    const key = `${verb} ${url}`;
    const group = groups.get(key) ?? { verb, url, routes: [] };
    if (group.routes.some((other) => other.binding.customVerb === route.binding.customVerb))
      throw new Error(`${key}: two RPCs with the same custom verb "${route.binding.customVerb}"`);
    group.routes.push(route);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * The RPC a request is for, and its route parameters without the verb: the one whose custom verb ends the last
 * parameter's value, else the one without a verb. Undefined when none is (a verb the route does not know).
 */
function routeOf(group: RestRouteGroup, params: Record<string, string>): { route: RestRoute; params: Record<string, string> } | undefined {
  for (const route of group.routes) {
    const { customVerb, verbParam } = route.binding;
    const value = params[verbParam];
    if (customVerb === "" || value === undefined || !value.endsWith(`:${customVerb}`)) continue;
    return { route, params: { ...params, [verbParam]: value.slice(0, -(customVerb.length + 1)) } };
  }
  const plain = group.routes.find((route) => route.binding.customVerb === "");
  return plain && { route: plain, params };
}

const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * A PATCH whose body is one message and that names no mask changes what the body holds: the mask is the body's
 * keys that are fields of that message (grpc-gateway infers it so; MoeMemos counts on it).
 */
function inferredMask(bodyMessage: DescMessage, body: JsonObject): string {
  return Object.keys(body)
    .flatMap((key) => {
      const field = fieldNamed(bodyMessage, key);
      return field ? [field.jsonName] : [];
    })
    .join(",");
}

/** The RPC's input from the request, by its mapping; a value protojson refuses is InvalidArgument naming the field. */
function readInput(route: RestRoute, request: FastifyRequest, params: Record<string, string>) {
  const { binding, method } = route;
  const input = method.input;
  const json: JsonObject = {};
  const body: unknown = request.body;
  if (binding.body !== "" && body !== undefined) {
    if (!isObject(body)) throw invalidArgument(binding.body === "*" ? "body" : binding.body, "expected a JSON object");
    if (binding.body === "*") Object.assign(json, body);
    else {
      const field = fieldNamed(input, binding.body);
      if (!field) throw new Error(`${input.typeName} has no body field ${binding.body}`);
      json[field.jsonName] = body as JsonValue;
      const mask = fieldNamed(input, "update_mask");
      const query = request.query as Record<string, unknown>;
      const maskGiven = query.update_mask !== undefined || query.updateMask !== undefined;
      if (binding.verb === "PATCH" && mask && !maskGiven && field.fieldKind === "message")
        json[mask.jsonName] = inferredMask(field.message, body);
    }
  }
  addQuery(json, input, request.query as Record<string, string | string[] | undefined>);
  for (const variable of binding.variables) addPathValue(json, input, variable.field, variableValue(variable, params));
  // Unknown keys are ignored, as protojson does in memos; an unknown enum name is refused.
  dropUnknownKeys(input, json);
  return decodeRequest(input, json);
}

function restHandler(ctx: AppContext, group: RestRouteGroup) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const found = routeOf(group, request.params as Record<string, string>);
    // grpc-gateway's answer to a path no RPC maps.
    if (!found) throw new ConnectError("Not Found", Code.NotFound);
    const { route, params } = found;
    const input = readInput(route, request, params);
    const rpc = rpcOf(route.service, route.method.localName);
    const output = await invokeRpc(rpc, input, { ctx, viewer: request.viewer, request, reply });
    return toJson(route.method.output, create(route.method.output, output), JSON_WRITE);
  };
}

/** Registers every RPC's REST route in `scope`, whose error handler answers as grpc-gateway does. */
export function registerRestRoutes(scope: FastifyInstance, ctx: AppContext, services: readonly V1Service[]): void {
  scope.setErrorHandler((error, request, reply) => {
    const { status, body } = restError(asConnectError(error, request));
    return reply.status(status).send(body);
  });
  // A path under /api/v1 no RPC maps: grpc-gateway's NotFound, in its body, whatever the method.
  scope.route({
    method: [...REST_FALLBACK.methods],
    url: REST_FALLBACK.url,
    config: { access: "public", v1: { rpc: "unknown", verb: "GET" } },
    handler: async () => {
      throw new ConnectError("Not Found", Code.NotFound);
    },
  });
  for (const group of restRouteGroups(services)) {
    const rpcs = group.routes.map((route) => rpcOf(route.service, route.method.localName));
    // The hook resolves the caller for the most open of the route's RPCs; each RPC's own access is held in invokeRpc.
    const access = rpcs.some((rpc) => rpc.access === "public") ? "public" : "signed-in";
    const names = group.routes.map((route) => `${route.service.service.name}/${route.method.name}`).join(" ");
    const takesBody = group.routes.some((route) => route.binding.body !== "");
    const bodyLimit = Math.max(BODY_BYTES, ...rpcs.map((rpc) => rpc.bodyBytes?.(ctx.config) ?? 0));
    scope.route({
      method: group.verb,
      url: group.url,
      ...(takesBody && { bodyLimit }),
      config: { access, v1: { rpc: names, verb: group.verb }, ...(takesBody && { bodyValues: BODY_VALUES }) },
      handler: restHandler(ctx, group),
    });
  }
}
