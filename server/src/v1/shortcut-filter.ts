// A shortcut's filter between our payload and v1's CEL. Our payload is the v0 web's list of filters; v1 saves a CEL
// expression. A payload of filters is said in CEL (each filter as the expression the memos web app writes for it,
// folded as v0 folds them); a CEL filter saved through v1 is kept as given, `{"filter": "<cel>"}`, a payload our web
// app reads as no filters (so it shows every memo there), since our filters cannot say most of CEL.
import { type Filter, parseFilterDate, parseShortcutPayload } from "@memos/common";

/** A string as a CEL literal: JSON's escapes are CEL's. */
const literal = (value: string) => JSON.stringify(value);

/** One filter as CEL; undefined when it lets every memo through (an empty value, or a date that is none). */
function filterCel(filter: Filter): string | undefined {
  const { operator, value } = filter.value;
  if (value === "") return undefined;
  const not = (expression: string) => (operator === "NOT_CONTAIN" || operator === "IS_NOT" ? `!(${expression})` : expression);
  switch (filter.type) {
    case "TAG":
      return not(`tag in [${literal(value)}]`);
    case "TEXT":
      return not(value.startsWith("^") ? `content.matches(${literal(value.slice(1))})` : `content.contains(${literal(value)})`);
    case "TYPE":
      return not(value === "NOT_TAGGED" ? "size(tags) == 0" : value === "LINKED" ? "has_link" : "false");
    case "VISIBILITY":
      return not(`visibility == ${literal(value)}`);
    case "DISPLAY_TIME": {
      const bound = parseFilterDate(value);
      if (Number.isNaN(bound)) return undefined;
      return `created_ts ${operator === "BEFORE" ? "<" : ">"} timestamp(${literal(new Date(bound).toISOString())})`;
    }
  }
}

/** The filters folded as v0 folds them, from true: an OR after a true start stays true. */
function filtersCel(filters: readonly Filter[]): string {
  let expression = "true";
  for (const filter of filters) {
    const cel = filterCel(filter) ?? "true";
    if (filter.relation === "OR") expression = expression === "true" || cel === "true" ? "true" : `(${expression}) || ${cel}`;
    else if (expression === "true") expression = cel;
    else if (cel !== "true") expression = `(${expression}) && ${cel}`;
  }
  return expression === "true" ? "" : expression;
}

/** A CEL filter kept as given in a payload. */
const keptFilterOf = (payload: unknown): string | undefined =>
  payload !== null && typeof payload === "object" && !Array.isArray(payload) && typeof (payload as { filter?: unknown }).filter === "string"
    ? (payload as { filter: string }).filter
    : undefined;

/** The v1 filter of a stored payload. */
export function shortcutFilterOf(payload: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return "";
  }
  return keptFilterOf(parsed) ?? filtersCel(parseShortcutPayload(payload));
}

/** The payload a v1 filter is stored as: no filters for none, else the filter kept as given. */
export const shortcutPayloadOf = (filter: string): string => (filter.trim() === "" ? "[]" : JSON.stringify({ filter }));
