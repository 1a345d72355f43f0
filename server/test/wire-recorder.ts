// The wire journey's recorder (wire-journey.ts): sends a step as its caller (a session cookie, a bearer token or
// none) through app.inject, and records the answer in a normalized form: times, tokens and secrets replaced by
// placeholders, only the headers a client reads, a binary body as its size and hash.
import { createHash } from "node:crypto";
import type { TestApp } from "./harness.js";

export interface Recorded {
  step: string;
  request: string;
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Headers a client reads; the rest (dates, lengths of compressed bodies) vary without meaning. */
const KEPT_HEADERS = [
  "content-type",
  "content-disposition",
  "cache-control",
  "x-next-cursor",
  "retry-after",
  "x-content-type-options",
  "location",
];

type Caller = "anonymous" | "host" | "member" | "memberToken" | "readToken" | "openId";

interface Step {
  step: string;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  url: string;
  as?: Caller;
  json?: unknown;
  raw?: { payload: Buffer | string; headers: Record<string, string> };
  headers?: Record<string, string>;
}

/** Values that differ run by run, replaced where they appear in any answer. */
class Secrets {
  private readonly names = new Map<string, string>();
  add(value: string | undefined, name: string): void {
    if (value && !this.names.has(value)) this.names.set(value, name);
  }
  scrub(text: string): string {
    let out = text;
    for (const [value, name] of [...this.names].sort((a, b) => b[0].length - a[0].length)) out = out.split(value).join(`<${name}>`);
    return out;
  }
}

/** Keys whose non-empty string values are credentials: recorded as `<key>` (an empty one stays "", which matters). */
const SECRET_KEYS = new Set(["openId", "token", "secret"]);

/** Unix times in seconds (±3 days of now) or milliseconds become a placeholder; credentials too; everything else stays. */
function normalize(value: unknown, now: number, secrets: Secrets): unknown {
  if (Array.isArray(value)) return value.map((item) => normalize(item, now, secrets));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => {
        // What the engine itself is, and how big its files are, differ by engine and run.
        if (key === "dbSize" || key === "engine") return [key, `<${key}>`];
        if (SECRET_KEYS.has(key) && typeof item === "string" && item !== "") {
          secrets.add(item, key);
          return [key, `<${key}>`];
        }
        return [key, normalize(item, now, secrets)];
      }),
    );
  }
  if (typeof value === "number" && Number.isInteger(value)) {
    if (Math.abs(value - now) < 3 * 86_400) return "<ts>";
    if (Math.abs(value - now * 1000) < 3 * 86_400_000) return "<ms>";
  }
  return value;
}

function normalizeText(text: string, now: number): string {
  // Times inside text (RSS dates, export file names, front matter) and ISO dates.
  return text
    .replace(/(?<!\d)\d{10}(?!\d)/g, (match) => (Math.abs(Number(match) - now) < 3 * 86_400 ? "<ts>" : match))
    .replace(/\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z\b/g, "<iso>")
    .replace(/\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT\b/g, "<http-date>")
    .replace(/\b\d{8}-\d{6}\b/g, "<stamp>");
}

/** A recorder for the app `t`: the credentials each caller sends (set by the journey as it gets them), and the record. */
export function wireRecorder(t: TestApp) {
  const now = Math.floor(Date.now() / 1000);
  const secrets = new Secrets();
  const cookies: Partial<Record<Caller, string>> = {};
  const tokens: Partial<Record<Caller, string>> = {};
  const recorded: Recorded[] = [];

  async function send(step: Step): Promise<{ status: number; body: any; text: string; headers: Record<string, unknown> }> {
    const headers: Record<string, string> = { ...step.headers };
    const as = step.as ?? "host";
    if (cookies[as]) headers.cookie = cookies[as]!;
    if (tokens[as]) headers.authorization = `Bearer ${tokens[as]}`;
    let payload: Buffer | string | undefined;
    if (step.raw) {
      payload = step.raw.payload;
      Object.assign(headers, step.raw.headers);
    } else if (step.json !== undefined) {
      payload = JSON.stringify(step.json);
      headers["content-type"] = "application/json";
    }
    const response = await t.app.inject({ method: step.method, url: step.url, headers, ...(payload === undefined ? {} : { payload }) });
    let body: any;
    const type = String(response.headers["content-type"] ?? "");
    if (type.includes("json")) {
      try {
        body = JSON.parse(response.body);
      } catch {
        body = response.body;
      }
    }
    const kept: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = response.headers[name];
      if (value === undefined) continue;
      // A cursor is base64url of a position holding a time: recorded decoded, its time a placeholder.
      const shown = name === "x-next-cursor" ? `cursor(${Buffer.from(String(value), "base64url").toString("utf8")})` : String(value);
      kept[name] = normalizeText(secrets.scrub(shown), now);
    }
    const setCookie = response.headers["set-cookie"];
    if (setCookie)
      kept["set-cookie"] = [setCookie]
        .flat()
        .map((line) => String(line).replace(/=[^;]*/, "=<cookie>"))
        .join(" | ");
    let recordedBody: unknown;
    if (body !== undefined) {
      recordedBody = JSON.parse(normalizeText(secrets.scrub(JSON.stringify(normalize(body, now, secrets))), now));
    } else if (/^(text\/|application\/(rss|xml|manifest))/.test(type)) {
      recordedBody = normalizeText(secrets.scrub(response.body), now).slice(0, 4000);
    } else {
      const bytes = response.rawPayload;
      recordedBody =
        bytes.length === 0 ? "" : { bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex").slice(0, 16) };
    }
    recorded.push({
      step: step.step,
      request: secrets.scrub(`${step.method} ${step.url} as ${as}`),
      status: response.statusCode,
      headers: kept,
      body: recordedBody,
    });
    return { status: response.statusCode, body, text: response.body, headers: response.headers };
  }

  return { send, cookies, tokens, recorded };
}

/** The session cookie an answer set, as a Cookie header's pair. */
export const cookieOf = (response: { headers: Record<string, unknown> }) =>
  String([response.headers["set-cookie"]].flat()[0] ?? "").split(";")[0]!;
