// The values a v1 filter compares with, folded while it is read (before any memo is): literals, lists of them, `now`,
// `timestamp(…)`, `duration(…)` and their sums and differences. memo-cel.ts reads the checks around them; a value it
// cannot fold is refused through the reader, which names where it stands.
import type { parse } from "@bufbuild/cel";
import { type CelConstant, describeConstant, inTimestampRange, NANOS_PER_SECOND, parseDuration, parseTimestamp } from "./cel-values.js";

export type Parsed = ReturnType<typeof parse>;
export type Expr = Parsed["expr"];
export type Call = Extract<Expr["exprKind"], { case: "callExpr" }>["value"];

/** The functions that make values: times, durations, arithmetic. */
const CONSTANT_FUNCTIONS = new Set(["timestamp", "duration", "_+_", "_-_", "_*_", "-_"]);
const OPERATOR: Record<string, string> = { "_==_": "==", "_!=_": "!=", "_<_": "<", "_<=_": "<=", "_>_": ">", "_>=_": ">=" };

/** How a refusal names a function or operator: `.startsWith()`, `size()`, `the operator %`. */
export function functionName(call: Call): string {
  const name = call.function.replace(/^_|_$/g, "").replace(/^@/, "");
  return call.target ? `.${name}()` : /^\w+$/.test(name) ? `${name}()` : `the operator ${name}`;
}

export class ConstantFolder {
  constructor(
    private readonly nowNanos: bigint,
    /** InvalidArgument about the expression, with where it stands. */
    private readonly refuse: (expr: Expr, words: string) => never,
    /** Refuses a name that is no field of a memo. */
    private readonly known: (expr: Expr, name: string) => void,
  ) {}

  /** A value known before any memo is read: literals, lists of them, `now`, times and durations, and sums of them. */
  constant(expr: Expr): CelConstant {
    const kind = expr.exprKind;
    switch (kind.case) {
      case "constExpr":
        return this.literal(expr, kind.value.constantKind);
      case "identExpr":
        if (kind.value.name === "now") return { type: "timestamp", nanos: this.nowNanos };
        this.known(expr, kind.value.name);
        return this.refuse(expr, `${kind.value.name} is a field, where a value is needed`);
      case "listExpr":
        return { type: "list", items: kind.value.elements.map((element) => this.constant(element)) };
      case "callExpr":
        return this.constantCall(expr, kind.value);
      default:
        return this.refuse(expr, "not a value");
    }
  }

  private literal(expr: Expr, literal: Extract<Expr["exprKind"], { case: "constExpr" }>["value"]["constantKind"]): CelConstant {
    switch (literal.case) {
      case "stringValue":
        return { type: "string", value: literal.value };
      case "int64Value":
      case "uint64Value":
        return { type: "int", value: literal.value };
      case "doubleValue":
        return { type: "double", value: literal.value };
      case "boolValue":
        return { type: "bool", value: literal.value };
      case "nullValue":
        return { type: "null" };
      case "bytesValue":
        return { type: "bytes" };
      default:
        return this.refuse(expr, "not a value");
    }
  }

  private constantCall(expr: Expr, call: Call): CelConstant {
    if (call.target || !CONSTANT_FUNCTIONS.has(call.function))
      return this.refuse(expr, `${functionName(call)} is not supported in a filter`);
    const args = call.args.map((arg) => this.constant(arg));
    switch (call.function) {
      case "timestamp":
        return this.timestamp(expr, args);
      case "duration": {
        const text = args.length === 1 && args[0]!.type === "string" ? args[0]!.value : undefined;
        const nanos = text === undefined ? null : parseDuration(text);
        if (nanos === null) return this.refuse(expr, 'duration() takes a duration such as "168h" or "1h30m"');
        return { type: "duration", nanos };
      }
      case "_+_":
      case "_-_":
      case "_*_":
        return this.arithmetic(expr, call.function, args[0]!, args[1]!);
      case "-_": {
        const value = args[0]!;
        if (value.type === "int") return { type: "int", value: -value.value };
        if (value.type === "duration") return { type: "duration", nanos: -value.nanos };
        return this.refuse(expr, `cannot negate ${describeConstant(value)}`);
      }
      default:
        return this.refuse(expr, `${functionName(call)} is not supported in a filter`);
    }
  }

  private timestamp(expr: Expr, args: CelConstant[]): CelConstant {
    const value = args.length === 1 ? args[0] : undefined;
    let nanos: bigint | null = null;
    if (value?.type === "string") nanos = parseTimestamp(value.value);
    if (value?.type === "int") nanos = value.value * NANOS_PER_SECOND;
    if (nanos === null) return this.refuse(expr, 'timestamp() takes an RFC 3339 time ("2026-01-02T15:04:05Z") or Unix seconds');
    return this.checkedTime(expr, nanos);
  }

  private checkedTime(expr: Expr, nanos: bigint): CelConstant {
    if (!inTimestampRange(nanos)) this.refuse(expr, "a time outside the years 1 to 9999");
    return { type: "timestamp", nanos };
  }

  private arithmetic(expr: Expr, operator: string, a: CelConstant, b: CelConstant): CelConstant {
    const sign = operator === "_-_" ? -1n : 1n;
    if (operator === "_*_") {
      if (a.type === "int" && b.type === "int") return { type: "int", value: a.value * b.value };
    } else if (a.type === "int" && b.type === "int") return { type: "int", value: a.value + sign * b.value };
    else if (a.type === "timestamp" && b.type === "duration") return this.checkedTime(expr, a.nanos + sign * b.nanos);
    else if (a.type === "duration" && b.type === "timestamp" && sign === 1n) return this.checkedTime(expr, a.nanos + b.nanos);
    else if (a.type === "duration" && b.type === "duration") return { type: "duration", nanos: a.nanos + sign * b.nanos };
    else if (a.type === "timestamp" && b.type === "timestamp" && sign === -1n) return { type: "duration", nanos: a.nanos - b.nanos };
    else if (a.type === "string" && b.type === "string" && sign === 1n) return { type: "string", value: a.value + b.value };
    return this.refuse(
      expr,
      `cannot apply ${OPERATOR[operator] ?? operator.replace(/_/g, "")} to ${describeConstant(a)} and ${describeConstant(b)}`,
    );
  }
}

/** -1, 0 or 1; null for values that are only equal or not (booleans, lists); undefined for two different types. */
export function compareConstants(a: CelConstant, b: CelConstant): number | null | undefined {
  const order = <T>(x: T, y: T) => (x < y ? -1 : x > y ? 1 : 0);
  if (a.type === "int" && b.type === "int") return order(a.value, b.value);
  if (a.type === "double" && b.type === "double") return order(a.value, b.value);
  if (a.type === "string" && b.type === "string") return order(a.value, b.value);
  if (a.type === "timestamp" && b.type === "timestamp") return order(a.nanos, b.nanos);
  if (a.type === "duration" && b.type === "duration") return order(a.nanos, b.nanos);
  if (a.type === "bool" && b.type === "bool") return a.value === b.value ? 0 : null;
  return undefined;
}
