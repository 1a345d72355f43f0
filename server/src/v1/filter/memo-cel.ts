// A v1 ListMemos `filter` (CEL, docs/v1-wire.md#filters): parsed by @bufbuild/cel, then read into a tree of the
// checks our memo filter knows (filter-plan.ts turns it into store filters). What the tree cannot say exactly is
// refused, naming the construct and where it stands, never read approximately.
import { type MemoProperty, VISIBILITIES, type Visibility } from "@memos/common";
import { invalidArgument } from "../transport/errors.js";
import { type Call, ConstantFolder, compareConstants, type Expr, functionName, type Parsed } from "./cel-constants.js";
import { type CelConstant, ceilSeconds, describeConstant, floorSeconds, NANOS_PER_SECOND } from "./cel-values.js";

/** The longest filter read: far past any a client builds (the web's longest are a few hundred characters). */
const MAX_FILTER_LENGTH = 4096;

/** One check of a memo. */
export type FilterAtom =
  | { kind: "creator-name"; username: string }
  | { kind: "creator-id"; id: number }
  | { kind: "visibility"; visibilities: Visibility[] }
  | { kind: "pinned" }
  /** The memo carries the tag or one under it (memos 0.31: a tag's ancestors count as the memo's tags). */
  | { kind: "tag"; tag: string }
  | { kind: "tag-prefix"; prefix: string }
  | { kind: "content"; text: string }
  /** created_ts or updated_ts in [from, to), whole Unix seconds; either bound may be open. */
  | { kind: "time"; column: "created_ts" | "updated_ts"; from?: number; to?: number }
  | { kind: "property"; property: MemoProperty }
  /** The memo has a place (memos 0.31's `has_location`). */
  | { kind: "location" };

export type FilterNode =
  | { kind: "and" | "or"; nodes: FilterNode[] }
  | { kind: "not"; node: FilterNode }
  | { kind: "atom"; atom: FilterAtom }
  | { kind: "constant"; value: boolean };

const PROPERTY_FIELDS: Record<string, MemoProperty> = {
  has_link: "hasLink",
  has_task_list: "hasTaskList",
  has_code: "hasCode",
  has_incomplete_tasks: "hasIncompleteTasks",
};

/** Every name a filter may use (memos 0.30's schema); anything else is an unknown field. */
const FIELDS = new Set([
  "content",
  "creator",
  "creator_id",
  "created_ts",
  "updated_ts",
  "pinned",
  "visibility",
  "tags",
  "tag",
  "now",
  "has_location",
  ...Object.keys(PROPERTY_FIELDS),
]);

const COMPARISONS = new Set(["_==_", "_!=_", "_<_", "_<=_", "_>_", "_>=_"]);
/** The comparison read from the other side: `5 < x` is `x > 5`. */
const MIRRORED: Record<string, string> = { "_<_": "_>_", "_<=_": "_>=_", "_>_": "_<_", "_>=_": "_<=_", "_==_": "_==_", "_!=_": "_!=_" };

const atom = (value: FilterAtom): FilterNode => ({ kind: "atom", atom: value });
const not = (node: FilterNode): FilterNode => ({ kind: "not", node });
const or = (nodes: FilterNode[]): FilterNode => (nodes.length === 1 ? nodes[0]! : { kind: "or", nodes });
const constant = (value: boolean): FilterNode => ({ kind: "constant", value });

/**
 * Reads a filter. `nowNanos` is the request's time, which `now` stands for (frozen once, as memos does). Throws
 * InvalidArgument naming the field, the function or the position that is wrong. The parser (100 kB of code) is
 * loaded by the first filter, not by every server.
 * @example await compileMemoFilter('creator == "users/steven" && "work" in tags', BigInt(Date.now()) * 1_000_000n)
 */
export async function compileMemoFilter(text: string, nowNanos: bigint): Promise<FilterNode> {
  if (text.length > MAX_FILTER_LENGTH) throw problem(`longer than ${MAX_FILTER_LENGTH} characters`);
  const cel = await import("@bufbuild/cel");
  let parsed: Parsed;
  try {
    parsed = cel.parse(text);
  } catch (error) {
    throw syntaxProblem(error);
  }
  try {
    return new Reader(text, parsed, nowNanos).condition(parsed.expr);
  } catch (error) {
    if (error instanceof RangeError) throw problem("nested too deeply");
    throw error;
  }
}

const problem = (words: string) => invalidArgument("filter", words);

function syntaxProblem(error: unknown) {
  if (error instanceof RangeError) return problem("nested too deeply");
  const { rawMessage, location } = error as { rawMessage?: unknown; location?: { start?: { line: number; column: number } } };
  const start = location?.start;
  const message = typeof rawMessage === "string" ? rawMessage : "not a CEL expression";
  const shortened = message.length > 160 ? `${message.slice(0, 160)}…` : message;
  return problem(start ? `syntax error at line ${start.line}, column ${start.column}: ${shortened}` : `syntax error: ${shortened}`);
}

class Reader {
  /** Folds the values the checks compare with. */
  private readonly constants: ConstantFolder;

  constructor(
    private readonly text: string,
    private readonly parsed: Parsed,
    nowNanos: bigint,
  ) {
    this.constants = new ConstantFolder(
      nowNanos,
      (expr, words) => this.refuse(expr, words),
      (expr, name) => this.known(expr, name),
    );
  }

  /** InvalidArgument about the expression, with its line and column. */
  private refuse(expr: Expr, words: string): never {
    const offset = this.parsed.sourceInfo?.positions[String(expr.id)] ?? 0;
    const before = this.text.slice(0, offset);
    const line = before.split("\n").length;
    const column = offset - before.lastIndexOf("\n");
    throw problem(`${words} (at line ${line}, column ${column})`);
  }

  /** A boolean condition on the memo. */
  condition(expr: Expr): FilterNode {
    const kind = expr.exprKind;
    switch (kind.case) {
      case "identExpr":
        return this.booleanField(expr, kind.value.name);
      case "constExpr": {
        const value = this.constants.constant(expr);
        if (value.type !== "bool") this.refuse(expr, `a filter is true or false, not ${describeConstant(value)}`);
        return constant(value.value);
      }
      case "callExpr":
        return this.call(expr, kind.value);
      case "comprehensionExpr":
        return this.comprehension(expr);
      case "selectExpr":
        return this.refuse(expr, `a filter has no field ${JSON.stringify(this.describe(expr))}`);
      default:
        return this.refuse(expr, "not a condition");
    }
  }

  private booleanField(expr: Expr, name: string): FilterNode {
    this.known(expr, name);
    if (name === "pinned") return atom({ kind: "pinned" });
    // memos 0.31: whether the memo has a place (migration 049).
    if (name === "has_location") return atom({ kind: "location" });
    const property = PROPERTY_FIELDS[name];
    if (property !== undefined) return atom({ kind: "property", property });
    return this.refuse(expr, `${name} is not true or false: compare it`);
  }

  private known(expr: Expr, name: string): void {
    if (!FIELDS.has(name)) this.refuse(expr, `unknown field ${JSON.stringify(name)}`);
  }

  private call(expr: Expr, call: Call): FilterNode {
    const [first, second] = call.args;
    switch (call.function) {
      case "_&&_":
      case "_||_":
        return { kind: call.function === "_&&_" ? "and" : "or", nodes: call.args.map((arg) => this.condition(arg)) };
      case "!_":
        return not(this.condition(first!));
      case "@in":
        return this.membership(expr, first!, second!);
      case "contains":
        return this.contains(expr, call);
      default:
        if (COMPARISONS.has(call.function)) return this.comparison(expr, call.function, first!, second!);
        return this.refuse(expr, `${functionName(call)} is not supported in a filter`);
    }
  }

  /** `content.contains("x")`: the only method a filter's fields take. */
  private contains(expr: Expr, call: Call): FilterNode {
    const target = call.target;
    if (target?.exprKind.case !== "identExpr") return this.refuse(expr, ".contains() is supported on content only");
    const name = target.exprKind.value.name;
    this.known(target, name);
    if (name !== "content") this.refuse(expr, `.contains() is supported on content only, not on ${name}`);
    const value = call.args.length === 1 ? this.constants.constant(call.args[0]!) : undefined;
    if (value?.type !== "string") return this.refuse(expr, "content.contains() takes one string");
    return value.value === "" ? constant(true) : atom({ kind: "content", text: value.value });
  }

  /** `"x" in tags`, `visibility in [...]`, `tag in [...]`. */
  private membership(expr: Expr, element: Expr, list: Expr): FilterNode {
    const field = this.fieldName(list);
    if (field !== undefined) {
      if (field !== "tags") this.refuse(expr, `only tags is a list: "…" in ${field}`);
      const tag = this.constants.constant(element);
      if (tag.type !== "string") this.refuse(element, `a tag is a string, not ${describeConstant(tag)}`);
      return atom({ kind: "tag", tag: tag.value });
    }
    const name = this.fieldName(element);
    if (name === undefined) return this.refuse(expr, "in: a field in a list, or a tag in tags");
    const values = this.constants.constant(list);
    if (values.type !== "list") return this.refuse(list, "in takes a list");
    if (name === "tag")
      return or([...values.items.map((item) => atom({ kind: "tag", tag: this.stringOf(list, item, "a tag") })), constant(false)]);
    if (name === "visibility") return atom({ kind: "visibility", visibilities: values.items.map((item) => this.visibilityOf(list, item)) });
    return or([...values.items.map((item) => this.equality(expr, name, item)), constant(false)]);
  }

  /** `field op constant`, in either order. */
  private comparison(expr: Expr, operator: string, left: Expr, right: Expr): FilterNode {
    const leftField = this.fieldName(left);
    const rightField = this.fieldName(right);
    if (leftField !== undefined && rightField !== undefined) this.refuse(expr, "compare a field with a value, not with another field");
    if (leftField === undefined && rightField === undefined) return this.constantComparison(expr, operator, left, right);
    const [name, value, op] =
      leftField !== undefined
        ? [leftField, this.constants.constant(right), operator]
        : [rightField!, this.constants.constant(left), MIRRORED[operator]!];
    if (name === "created_ts" || name === "updated_ts") return this.timeComparison(expr, name, op, value);
    if (op !== "_==_" && op !== "_!=_") this.refuse(expr, `${name} is compared with == or != only`);
    const equal = this.equality(expr, name, value);
    return op === "_==_" ? equal : not(equal);
  }

  /** `name == value` for the fields compared by equality. */
  private equality(expr: Expr, name: string, value: CelConstant): FilterNode {
    switch (name) {
      case "creator": {
        const text = this.stringOf(expr, value, "creator");
        const username = text.startsWith("users/") ? text.slice("users/".length) : "";
        if (username === "" || username.includes("/")) this.refuse(expr, `creator is "users/{username}", not ${JSON.stringify(text)}`);
        return atom({ kind: "creator-name", username });
      }
      case "creator_id": {
        if (value.type !== "int") this.refuse(expr, `creator_id is an integer, not ${describeConstant(value)}`);
        // An id no account can have matches nothing.
        const id = value.value;
        return id < 1n || id > BigInt(Number.MAX_SAFE_INTEGER) ? constant(false) : atom({ kind: "creator-id", id: Number(id) });
      }
      case "visibility":
        return atom({ kind: "visibility", visibilities: [this.visibilityOf(expr, value)] });
      case "pinned":
      case "has_link":
      case "has_task_list":
      case "has_code":
      case "has_incomplete_tasks":
      case "has_location": {
        if (value.type !== "bool") this.refuse(expr, `${name} is true or false, not ${describeConstant(value)}`);
        const field = this.booleanField(expr, name);
        return value.value ? field : not(field);
      }
      case "content":
        return this.refuse(expr, 'content is matched with content.contains("…")');
      case "tags":
      case "tag":
        return this.refuse(expr, `${name} is matched with "…" in tags, tag in [...] or tags.exists(t, …)`);
      default:
        return this.refuse(expr, `${name} cannot be compared`);
    }
  }

  /** `created_ts >= now - duration("24h")` and the like: an interval of whole seconds, or its complement. */
  private timeComparison(expr: Expr, column: "created_ts" | "updated_ts", op: string, value: CelConstant): FilterNode {
    if (value.type !== "timestamp")
      this.refuse(
        expr,
        `${column} is a timestamp: compare it with now, timestamp("…") or timestamp(<seconds>), not ${describeConstant(value)}`,
      );
    const time = value.nanos;
    const seconds = (whole: bigint) => Number(whole);
    const whole = time % NANOS_PER_SECOND === 0n;
    switch (op) {
      case "_>=_":
        return atom({ kind: "time", column, from: seconds(ceilSeconds(time)) });
      case "_>_":
        return atom({ kind: "time", column, from: seconds(floorSeconds(time) + 1n) });
      case "_<_":
        return atom({ kind: "time", column, to: seconds(ceilSeconds(time)) });
      case "_<=_":
        return atom({ kind: "time", column, to: seconds(floorSeconds(time) + 1n) });
      default: {
        // Our times are whole seconds: a time between two is no memo's.
        const equal = whole
          ? atom({ kind: "time", column, from: seconds(time / NANOS_PER_SECOND), to: seconds(time / NANOS_PER_SECOND + 1n) })
          : constant(false);
        return op === "_==_" ? equal : not(equal);
      }
    }
  }

  /** Two constants compared: folded (`1 == 1`). */
  private constantComparison(expr: Expr, operator: string, left: Expr, right: Expr): FilterNode {
    const a = this.constants.constant(left);
    const b = this.constants.constant(right);
    const order = compareConstants(a, b);
    if (order === undefined) return this.refuse(expr, `cannot compare ${describeConstant(a)} with ${describeConstant(b)}`);
    if (order === null) {
      if (operator !== "_==_" && operator !== "_!=_") this.refuse(expr, `${describeConstant(a)} has no order`);
      return constant(operator === "_!=_");
    }
    const results: Record<string, boolean> = {
      "_==_": order === 0,
      "_!=_": order !== 0,
      "_<_": order < 0,
      "_<=_": order <= 0,
      "_>_": order > 0,
      "_>=_": order >= 0,
    };
    return constant(results[operator]!);
  }

  /** `tags.exists(t, <test>)`: tests of one tag (`t == "x"`, `t.startsWith("x")`, `t in [...]`), joined by `||`. */
  private comprehension(expr: Expr): FilterNode {
    const loop = (expr.exprKind as Extract<Expr["exprKind"], { case: "comprehensionExpr" }>).value;
    const step = loop.loopStep?.exprKind;
    const init = loop.accuInit?.exprKind;
    const isExists =
      init?.case === "constExpr" &&
      init.value.constantKind.case === "boolValue" &&
      init.value.constantKind.value === false &&
      step?.case === "callExpr" &&
      step.value.function === "_||_";
    if (!isExists) return this.refuse(expr, "of the macros only tags.exists(t, …) is supported");
    const range = this.fieldName(loop.iterRange!);
    if (range !== "tags") this.refuse(expr, "exists() is supported on tags only");
    const test = (step as { value: Call }).value.args[1]!;
    return this.tagTest(test, loop.iterVar);
  }

  private tagTest(expr: Expr, variable: string): FilterNode {
    const kind = expr.exprKind;
    const unsupported = () =>
      this.refuse(expr, `tags.exists() takes ${variable} == "…", ${variable}.startsWith("…") or ${variable} in [...], joined by ||`);
    if (kind.case !== "callExpr") return unsupported();
    const call = kind.value;
    const isVariable = (arg: Expr | undefined) => arg?.exprKind.case === "identExpr" && arg.exprKind.value.name === variable;
    const [first, second] = call.args;
    switch (call.function) {
      case "_||_":
        return or(call.args.map((arg) => this.tagTest(arg, variable)));
      case "_==_": {
        const other = isVariable(first) ? second : isVariable(second) ? first : undefined;
        if (other === undefined) return unsupported();
        return atom({ kind: "tag", tag: this.stringOf(expr, this.constants.constant(other), "a tag") });
      }
      case "startsWith": {
        if (!isVariable(call.target) || call.args.length !== 1) return unsupported();
        const prefix = this.stringOf(expr, this.constants.constant(first!), "a tag's start");
        return atom({ kind: "tag-prefix", prefix });
      }
      case "@in": {
        if (!isVariable(first)) return unsupported();
        const values = this.constants.constant(second!);
        if (values.type !== "list") return unsupported();
        return or([...values.items.map((item) => atom({ kind: "tag", tag: this.stringOf(expr, item, "a tag") })), constant(false)]);
      }
      default:
        return unsupported();
    }
  }

  /** The field an expression names, when it is one (`now` is a value, not a field). */
  private fieldName(expr: Expr): string | undefined {
    if (expr.exprKind.case !== "identExpr") return undefined;
    const name = expr.exprKind.value.name;
    if (name === "now") return undefined;
    this.known(expr, name);
    return name;
  }

  private stringOf(expr: Expr, value: CelConstant, what: string): string {
    if (value.type !== "string") this.refuse(expr, `${what} is a string, not ${describeConstant(value)}`);
    return value.value;
  }

  private visibilityOf(expr: Expr, value: CelConstant): Visibility {
    const text = this.stringOf(expr, value, "visibility");
    if (!(VISIBILITIES as readonly string[]).includes(text))
      this.refuse(expr, `visibility is "PRIVATE", "PROTECTED" or "PUBLIC", not ${JSON.stringify(text)}`);
    return text as Visibility;
  }

  private describe(expr: Expr): string {
    const kind = expr.exprKind;
    if (kind.case === "identExpr") return kind.value.name;
    if (kind.case === "selectExpr") return `${kind.value.operand ? this.describe(kind.value.operand) : ""}.${kind.value.field}`;
    return "…";
  }
}
