// An RPC's REST mapping, read from its google.api.http option: the HTTP method, the Fastify route of its path
// template, where each path variable's value goes, and which request field the body fills. `{name=memos/*}` becomes
// the route `/api/v1/memos/:p0` and gives `name` the value `memos/<p0>`.
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
}

const VERBS: ReadonlyArray<[RestVerb, "get" | "post" | "put" | "patch" | "delete"]> = [
  ["GET", "get"],
  ["POST", "post"],
  ["PUT", "put"],
  ["PATCH", "patch"],
  ["DELETE", "delete"],
];

/** Parses a path template; throws on what the gateway does not serve yet (custom verbs, `**`). */
function parseTemplate(template: string): Pick<RestBinding, "url" | "variables"> {
  if (/}:|:[A-Za-z]+$/.test(template.replace(/{[^}]*}/g, "{}")))
    throw new Error(`${template}: custom verbs (":verb") are not served yet: route them in transport/rest.ts first`);
  const variables: PathVariable[] = [];
  let params = 0;
  const url = template.replace(/{([a-z_.]+)(?:=([^}]*))?}/g, (_whole, field: string, pattern: string | undefined) => {
    const parts = (pattern ?? "*").split("/");
    if (parts.includes("**")) throw new Error(`${template}: "**" is not served yet`);
    const segments = parts.map((part) => (part === "*" ? { param: `p${params++}` } : { literal: part }));
    variables.push({ field, segments });
    return segments.map((segment) => ("param" in segment ? `:${segment.param}` : segment.literal)).join("/");
  });
  return { url, variables };
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
