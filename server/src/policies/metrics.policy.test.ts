// Table test: GET /metrics is off unless turned on, open when on without a token, and wants the exact Bearer token
// when one is set.
import { describe, expect, it } from "vitest";
import { type MetricsAccess, metricsAccess } from "./metrics.policy.js";

const TOKEN = "metrics-token-0123456789";
const off = { metrics: false, metricsToken: null };
const open = { metrics: true, metricsToken: null };
const guarded = { metrics: true, metricsToken: TOKEN };

describe("metricsAccess", () => {
  it.each<[string, { metrics: boolean; metricsToken: string | null }, string | undefined, MetricsAccess]>([
    ["off, nothing sent", off, undefined, "off"],
    ["off, whatever is sent", off, `Bearer ${TOKEN}`, "off"],
    ["on without a token, nothing sent", open, undefined, "allowed"],
    ["on without a token, any header", open, "Bearer anything", "allowed"],
    ["token set, nothing sent", guarded, undefined, "missing-token"],
    ["token set, another scheme", guarded, `Basic ${TOKEN}`, "missing-token"],
    ["token set, Bearer without a value", guarded, "Bearer ", "missing-token"],
    ["token set, the token", guarded, `Bearer ${TOKEN}`, "allowed"],
    ["token set, the scheme in another case", guarded, `bearer ${TOKEN}`, "allowed"],
    ["token set, a prefix of the token", guarded, `Bearer ${TOKEN.slice(0, -1)}`, "wrong-token"],
    ["token set, the token and more", guarded, `Bearer ${TOKEN}x`, "wrong-token"],
    ["token set, another case", guarded, `Bearer ${TOKEN.toUpperCase()}`, "wrong-token"],
    ["token set, two values", guarded, `Bearer ${TOKEN} ${TOKEN}`, "missing-token"],
  ])("%s", (_name, setting, authorization, expected) => {
    expect(metricsAccess(setting, authorization)).toBe(expected);
  });
});
