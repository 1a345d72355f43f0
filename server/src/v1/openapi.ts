// The v1 API in the OpenAPI document: one operation per RPC's REST mapping (the paths grpc-gateway serves), its
// parameters, body and answer described from the generated descriptors as protojson writes them (camelCase names,
// 64-bit integers as strings, enums by name, Timestamps as RFC 3339), so a new RPC appears here without a line written
// for it. The Connect spelling of each call (POST /memos.api.v1.<Service>/<Method>, same JSON) is said in its tag.
import { type DescEnum, type DescField, type DescMessage, type DescMethod, ScalarType } from "@bufbuild/protobuf";
import type { V1Service } from "./rpc.js";
import { type RestBinding, restBindingOf } from "./transport/http-rule.js";
import { SSE_PATH } from "./transport/sse.js";

type Schema = Record<string, unknown>;

/** What the document gains: its paths, tags and component schemas. */
export interface V1OpenApi {
  paths: Record<string, Record<string, unknown>>;
  tags: Array<{ name: string; description: string }>;
  schemas: Record<string, Schema>;
}

/** The well-known types protojson writes as a JSON value of their own instead of an object of fields. */
const WELL_KNOWN: Record<string, Schema> = {
  "google.protobuf.Timestamp": { type: "string", format: "date-time" },
  "google.protobuf.Duration": { type: "string", description: 'seconds with an "s" suffix, e.g. "3.5s"' },
  "google.protobuf.FieldMask": { type: "string", description: "field paths separated by commas" },
  "google.protobuf.Empty": { type: "object" },
  "google.protobuf.Struct": { type: "object", additionalProperties: true },
  "google.protobuf.Value": {},
  "google.protobuf.ListValue": { type: "array", items: {} },
  "google.protobuf.Any": { type: "object", additionalProperties: true },
  "google.protobuf.BoolValue": { type: "boolean" },
  "google.protobuf.StringValue": { type: "string" },
  "google.protobuf.BytesValue": { type: "string", format: "byte" },
  "google.protobuf.Int32Value": { type: "integer", format: "int32" },
  "google.protobuf.UInt32Value": { type: "integer", format: "int32" },
  "google.protobuf.Int64Value": { type: "string", format: "int64" },
  "google.protobuf.UInt64Value": { type: "string", format: "int64" },
  "google.protobuf.FloatValue": { type: "number" },
  "google.protobuf.DoubleValue": { type: "number" },
};

/** grpc-gateway's error body, which every failure of a REST call carries. */
const STATUS_NAME = "google.rpc.Status";
const STATUS: Schema = {
  type: "object",
  required: ["code", "message", "details"],
  properties: {
    code: { type: "integer", description: "the gRPC code: 3 invalid argument, 5 not found, 7 permission denied, 16 unauthenticated…" },
    message: { type: "string" },
    details: { type: "array", items: {} },
  },
};

function scalarSchema(scalar: ScalarType): Schema {
  switch (scalar) {
    case ScalarType.BOOL:
      return { type: "boolean" };
    case ScalarType.STRING:
      return { type: "string" };
    case ScalarType.BYTES:
      return { type: "string", format: "byte" };
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return { type: "number" };
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      // protojson writes 64-bit integers as strings (and reads either).
      return { type: "string", format: "int64" };
    default:
      return { type: "integer", format: "int32" };
  }
}

/** Collects the named schemas of the messages and enums the operations refer to. */
class SchemaSet {
  readonly schemas: Record<string, Schema> = { [STATUS_NAME]: STATUS };

  ref(typeName: string): Schema {
    return { $ref: `#/components/schemas/${typeName}` };
  }

  enumSchema(desc: DescEnum): Schema {
    if (!this.schemas[desc.typeName]) this.schemas[desc.typeName] = { type: "string", enum: desc.values.map((value) => value.name) };
    return this.ref(desc.typeName);
  }

  message(desc: DescMessage): Schema {
    const known = WELL_KNOWN[desc.typeName];
    if (known) return known;
    if (!this.schemas[desc.typeName]) {
      // Named before its fields are described, so a message that holds itself refers to its own name.
      const properties: Record<string, Schema> = {};
      this.schemas[desc.typeName] = { type: "object", properties };
      for (const field of desc.fields) properties[field.jsonName] = this.field(field);
    }
    return this.ref(desc.typeName);
  }

  field(field: DescField): Schema {
    switch (field.fieldKind) {
      case "scalar":
        return scalarSchema(field.scalar);
      case "enum":
        return this.enumSchema(field.enum);
      case "message":
        return this.message(field.message);
      case "list":
        return { type: "array", items: this.listItem(field) };
      case "map":
        return { type: "object", additionalProperties: this.mapValue(field) };
    }
  }

  private listItem(field: DescField & { fieldKind: "list" }): Schema {
    if (field.listKind === "scalar") return scalarSchema(field.scalar);
    if (field.listKind === "enum") return this.enumSchema(field.enum);
    return this.message(field.message);
  }

  private mapValue(field: DescField & { fieldKind: "map" }): Schema {
    if (field.mapKind === "scalar") return scalarSchema(field.scalar);
    if (field.mapKind === "enum") return this.enumSchema(field.enum);
    return this.message(field.message);
  }
}

/** The OpenAPI path of a mapping and its path parameters: `/api/v1/{name=memos/*}` is `/api/v1/memos/{memo}`. */
export function openApiPathOf(binding: RestBinding): { path: string; params: Array<{ name: string; field: string }> } {
  const params: Array<{ name: string; field: string }> = [];
  const taken = new Set<string>();
  const path = binding.template.replace(/{([a-z_.]+)(?:=([^}]*))?}/g, (_whole, field: string, pattern: string | undefined) => {
    const parts = (pattern ?? "*").split("/");
    return parts
      .map((part, index) => {
        if (part !== "*") return part;
        // Named after the collection before it (`memos/*` → memo), else after the field.
        const before = index > 0 ? parts[index - 1]!.replace(/s$/, "").replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase()) : "";
        let name = before || field.replace(/[._]([a-z])/g, (_m, c: string) => c.toUpperCase());
        while (taken.has(name)) name = `${name}_`;
        taken.add(name);
        params.push({ name, field });
        return `{${name}}`;
      })
      .join("/");
  });
  return { path, params };
}

/** The input fields a mapping takes from the query: the top-level ones neither the path nor the body fills. */
function queryFields(method: DescMethod, binding: RestBinding): DescField[] {
  if (binding.body === "*") return [];
  const inPath = new Set(binding.variables.map((variable) => variable.field.split(".")[0]));
  return method.input.fields.filter((field) => !inPath.has(field.name) && field.name !== binding.body);
}

function operationOf(service: V1Service, method: DescMethod, binding: RestBinding, schemas: SchemaSet) {
  const { params } = openApiPathOf(binding);
  const access = service.rpcs[method.localName]?.access ?? "signed-in";
  const parameters = [
    ...params.map(({ name, field }) => ({
      name,
      in: "path",
      required: true,
      description: `the segment of \`${field}\` (${binding.template})`,
      schema: { type: "string" },
    })),
    ...queryFields(method, binding).map((field) => ({ name: field.jsonName, in: "query", required: false, schema: schemas.field(field) })),
  ];
  const bodyField =
    binding.body === "" || binding.body === "*" ? undefined : method.input.fields.find((field) => field.name === binding.body);
  const bodySchema = binding.body === "*" ? schemas.message(method.input) : bodyField ? schemas.field(bodyField) : undefined;
  const error = { description: "grpc-gateway's error body", content: { "application/json": { schema: schemas.ref(STATUS_NAME) } } };
  return {
    tags: [service.service.typeName],
    summary: method.name,
    operationId: `${service.service.name}_${method.name}`,
    security: access === "public" ? [{}, { cookie: [] }, { bearer: [] }] : [{ cookie: [] }, { bearer: [] }],
    ...(parameters.length > 0 && { parameters }),
    ...(bodySchema && { requestBody: { required: true, content: { "application/json": { schema: bodySchema } } } }),
    responses: {
      "200": { description: method.output.name, content: { "application/json": { schema: schemas.message(method.output) } } },
      default: error,
    },
  };
}

/** The v1 operations, tags and schemas of the served services. */
export function v1OpenApi(services: readonly V1Service[]): V1OpenApi {
  const schemas = new SchemaSet();
  const paths: V1OpenApi["paths"] = {};
  const tags: V1OpenApi["tags"] = [];
  for (const service of services) {
    tags.push({
      name: service.service.typeName,
      description:
        `memos' v1 ${service.service.name} (0.30), as grpc-gateway maps it; each call is also served over Connect as ` +
        `POST /${service.service.typeName}/<Method> with the same JSON (or binary protobuf).`,
    });
    for (const method of service.service.methods) {
      const binding = restBindingOf(method);
      if (!binding) continue;
      const { path } = openApiPathOf(binding);
      paths[path] = { ...paths[path], [binding.verb.toLowerCase()]: operationOf(service, method, binding, schemas) };
    }
  }
  paths[SSE_PATH] = {
    get: {
      tags: ["memos.api.v1.MemoService"],
      summary: "Live events",
      operationId: "MemoService_LiveEvents",
      description:
        'A stream (text/event-stream) of the committed changes the caller may read, one `data: {"type", "name", "parent"}` ' +
        "event each: memo.created, memo.updated, memo.deleted, memo.comment.created, reaction.upserted, reaction.deleted. " +
        "A comment opens it and another comes every 30 s.",
      security: [{ cookie: [] }, { bearer: [] }],
      responses: {
        "200": { description: "the stream", content: { "text/event-stream": { schema: { type: "string" } } } },
        default: { description: "grpc-gateway's error body", content: { "application/json": { schema: schemas.ref(STATUS_NAME) } } },
      },
    },
  };
  return { paths, tags, schemas: schemas.schemas };
}
