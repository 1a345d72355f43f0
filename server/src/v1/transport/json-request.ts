// A REST request's input as one protojson object: the body where the mapping puts it, the query string's values
// (typed by the request message's fields, dots for nested fields), then the path's values, so that fromJson reads
// and checks it all at once, as grpc-gateway does.
import type { DescField, DescMessage, JsonObject, JsonValue } from "@bufbuild/protobuf";
import { fromJson, ScalarType } from "@bufbuild/protobuf";
import { invalidArgument } from "./errors.js";

/** Messages whose JSON is one string: a query parameter gives them as they are. */
const STRING_JSON_MESSAGES = new Set(["google.protobuf.Timestamp", "google.protobuf.Duration", "google.protobuf.FieldMask"]);

/** A field by its proto name (`page_size`) or its JSON name (`pageSize`), as protojson accepts either. */
export const fieldNamed = (message: DescMessage, name: string): DescField | undefined =>
  message.fields.find((field) => field.name === name || field.jsonName === name);

/**
 * A field mask's paths as protojson reads them (lowerCamelCase): a query string names fields by their proto names
 * (`?updateMask=memo_visibility`), as grpc-gateway reads it, or by their JSON names.
 */
const maskJson = (raw: string): string =>
  raw
    .split(",")
    .map((path) => path.trim().replace(/_([a-z0-9])/g, (_whole, letter: string) => letter.toUpperCase()))
    .join(",");

/** One query value as the JSON protojson reads for a field of this kind. */
function queryScalar(field: DescField, raw: string): JsonValue {
  const kind = field.fieldKind === "list" ? field.listKind : field.fieldKind;
  if (kind === "enum") return /^-?\d+$/.test(raw) ? Number(raw) : raw;
  if (kind === "message") return field.message?.typeName === "google.protobuf.FieldMask" ? maskJson(raw) : raw;
  const scalar = field.fieldKind === "scalar" || (field.fieldKind === "list" && field.listKind === "scalar") ? field.scalar : undefined;
  if (scalar === ScalarType.BOOL) {
    if (raw === "true" || raw === "false") return raw === "true";
    throw invalidArgument(field.name, `expected true or false, not ${JSON.stringify(raw)}`);
  }
  // Numbers of every width are read from their decimal text by protojson itself (and refused there when they are not).
  return raw;
}

/** Sets `value` at the dotted path of fields (JSON names), creating the objects on the way. */
function setAt(target: JsonObject, path: string[], value: JsonValue): void {
  let object = target;
  for (const key of path.slice(0, -1)) {
    const next = object[key];
    if (next !== null && typeof next === "object" && !Array.isArray(next)) {
      object = next;
      continue;
    }
    const created: JsonObject = {};
    object[key] = created;
    object = created;
  }
  object[path.at(-1)!] = value;
}

/** The JSON names along a dotted field path of `message`, with the last field; undefined when a name is unknown. */
function resolvePath(message: DescMessage, dotted: string): { path: string[]; field: DescField } | undefined {
  const path: string[] = [];
  let current: DescMessage | undefined = message;
  let field: DescField | undefined;
  for (const name of dotted.split(".")) {
    if (current === undefined) return undefined;
    field = fieldNamed(current, name);
    if (field === undefined) return undefined;
    path.push(field.jsonName);
    current = field.fieldKind === "message" && !STRING_JSON_MESSAGES.has(field.message.typeName) ? field.message : undefined;
  }
  return field && { path, field };
}

/** Puts the query string's values into `json`; unknown parameters are ignored (as unknown JSON keys are). */
export function addQuery(json: JsonObject, message: DescMessage, query: Record<string, string | string[] | undefined>): void {
  for (const [name, raw] of Object.entries(query)) {
    if (raw === undefined) continue;
    const resolved = resolvePath(message, name);
    if (!resolved) continue;
    const { path, field } = resolved;
    const values = Array.isArray(raw) ? raw : [raw];
    if (field.fieldKind === "list")
      setAt(
        json,
        path,
        values.map((value) => queryScalar(field, value)),
      );
    else setAt(json, path, queryScalar(field, values.at(-1)!));
  }
}

/** Puts a path variable's value at its field (`memo.name`). */
export function addPathValue(json: JsonObject, message: DescMessage, dotted: string, value: string): void {
  const resolved = resolvePath(message, dotted);
  if (!resolved) throw new Error(`${message.typeName} has no field ${dotted}`);
  setAt(json, resolved.path, value);
}

/**
 * Drops the keys that name no field, at every level (protojson ignores unknown keys in memos), so that fromJson may
 * then refuse what is wrong in a known field, an unknown enum name included (which ignoring unknown fields would drop).
 */
export function dropUnknownKeys(message: DescMessage, json: JsonObject): void {
  for (const key of Object.keys(json)) {
    const field = fieldNamed(message, key);
    if (!field) {
      delete json[key];
      continue;
    }
    const value = json[key];
    const nested = (item: JsonValue | undefined, type: DescMessage) => {
      if (item !== null && typeof item === "object" && !Array.isArray(item) && !STRING_JSON_MESSAGES.has(type.typeName))
        dropUnknownKeys(type, item);
    };
    if (field.fieldKind === "message") nested(value, field.message);
    else if (field.fieldKind === "list" && field.listKind === "message" && Array.isArray(value))
      for (const item of value) nested(item, field.message);
    else if (
      field.fieldKind === "map" &&
      field.mapKind === "message" &&
      value !== null &&
      typeof value === "object" &&
      !Array.isArray(value)
    )
      for (const item of Object.values(value)) nested(item, field.message);
  }
}

/**
 * The field (its proto path: `memo.visibility`) whose value protojson refuses in `json`, found by decoding one key at
 * a time, deeper where the refused value is a message of its own. Only asked once a decode has failed.
 */
function refusedField(message: DescMessage, json: JsonObject, prefix = ""): string | undefined {
  for (const [key, value] of Object.entries(json)) {
    const field = fieldNamed(message, key);
    if (!field) continue;
    try {
      fromJson(message, { [key]: value });
    } catch {
      const deeper =
        field.fieldKind === "message" && value !== null && typeof value === "object" && !Array.isArray(value)
          ? refusedField(field.message, value, `${prefix}${field.name}.`)
          : undefined;
      return deeper ?? `${prefix}${field.name}`;
    }
  }
  return undefined;
}

/** The request message from its JSON; a value protojson refuses is InvalidArgument naming the field. */
export function decodeRequest<T extends DescMessage>(message: T, json: JsonObject) {
  try {
    return fromJson(message, json);
  } catch (error) {
    throw invalidArgument(refusedField(message, json) ?? "request", (error as Error).message);
  }
}
