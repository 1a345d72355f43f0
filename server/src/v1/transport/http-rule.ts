// An RPC's REST mapping, read from its google.api.http option: the HTTP method, the Fastify route of its path
// template, where each path variable's value goes, which request field the body fills, and the custom verb that may
// end the path. `{name=memos/*}` becomes the route `/api/v1/memos/:p0` and gives `name` the value `memos/<p0>`;
// `{name=users/*}:getStats` is the route `/api/v1/users/:p0` too, told apart by the `:getStats` its last value ends in
// (transport/rest.ts dispatches on it); `users:stats` is the literal route `/api/v1/users::stats` (the router's
// spelling of a colon).
import { type DescMethod, getOption, hasOption } from "@bufbuild/protobuf";
import { http } from "../gen/google/api/annotations_pb.js";

export type RestVerb = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A path variable: the request field it fills (a dotted path: `memo.name`) and its value's shape. */
interface PathVariable {
  field: string;
  /** The pattern's segments: literals as they are, each `*` one route parameter's value. */
  segments: Array<{ literal: string } | { param: string }>;
}

export interface RestBinding {
  verb: RestVerb;
  /** The template as the .proto writes it: `/api/v1/{name=memos/*}`. */
  template: string;
  /** The Fastify route. */
  url: string;
  variables: PathVariable[];
  /** The request field the JSON body fills: "*" for the whole request, "" for no body. */
  body: string;
  /**
   * The custom verb (`getStats` of `…}:getStats`) when the path ends in a variable: the route's last parameter then
   * holds `<value>:<verb>`, and several RPCs may share the route. A verb after a literal is part of the route itself.
   */
  customVerb: string;
  /** The route parameter a custom verb ends (the last one), when there is a custom verb. */
  verbParam: string;
}

const VERBS: ReadonlyArray<[RestVerb, "get" | "post" | "put" | "patch" | "delete"]> = [
  ["GET", "get"],
  ["POST", "post"],
  ["PUT", "put"],
  ["PATCH", "patch"],
  ["DELETE", "delete"],
];

/** A custom verb at the end of a template: `:` and a name, after the last variable or literal. */
const CUSTOM_VERB = /:([A-Za-z][A-Za-z0-9]*)$/;

/** Parses a path template; throws on what the gateway does not serve (`**`, a colon elsewhere). */
export function parseTemplate(template: string): Pick<RestBinding, "url" | "variables" | "customVerb" | "verbParam"> {
  const blanked = template.replace(/{[^}]*}/g, "{}");
  const verb = CUSTOM_VERB.exec(blanked)?.[1] ?? "";
  const path = verb === "" ? template : template.slice(0, -(verb.length + 1));
  if (path.replace(/{[^}]*}/g, "{}").includes(":")) throw new Error(`${template}: a colon other than a custom verb's`);
  const variables: PathVariable[] = [];
  let params = 0;
  const url = path.replace(/{([a-z_.]+)(?:=([^}]*))?}/g, (_whole, field: string, pattern: string | undefined) => {
    const parts = (pattern ?? "*").split("/");
    if (parts.includes("**")) throw new Error(`${template}: "**" is not served yet`);
    const segments = parts.map((part) => (part === "*" ? { param: `p${params++}` } : { literal: part }));
    variables.push({ field, segments });
    return segments.map((segment) => ("param" in segment ? `:${segment.param}` : segment.literal)).join("/");
  });
  const lastParam = /:(p\d+)$/.exec(url)?.[1];
  if (verb === "") return { url, variables, customVerb: "", verbParam: "" };
  // After a parameter the verb rides in its value; after a literal it is the route's own text (`::` is a colon).
  if (lastParam !== undefined) return { url, variables, customVerb: verb, verbParam: lastParam };
  return { url: `${url}::${verb}`, variables, customVerb: "", verbParam: "" };
}

/** The REST mapping of a method; an RPC without one is reachable over Connect only. */
export function restBindingOf(method: DescMethod): RestBinding | undefined {
  if (!hasOption(method, http)) return undefined;
  const rule = getOption(method, http);
  const found = VERBS.find(([, key]) => rule.pattern.case === key);
  if (!found || typeof rule.pattern.value !== "string") return undefined;
  return { verb: found[0], template: rule.pattern.value, body: rule.body, ...parseTemplate(rule.pattern.value) };
}

/** The value of a path variable from the route's parameters: `memos/` and the uid. */
export const variableValue = (variable: PathVariable, params: Record<string, string>): string =>
  variable.segments.map((segment) => ("param" in segment ? (params[segment.param] ?? "") : segment.literal)).join("/");
