// Table test: GET /metrics is off unless turned on; on without a token, it answers only a loopback socket that no
// proxy relayed; with a token, it wants the exact Bearer token, from anywhere.
import { describe, expect, it } from "vitest";
import { type MetricsAccess, type MetricsRequest, type MetricsSetting, metricsAccess, relayedByProxy } from "./metrics.policy.js";

const TOKEN = "metrics-token-0123456789";
const off = { metrics: false, metricsToken: null };
const open = { metrics: true, metricsToken: null };
const guarded = { metrics: true, metricsToken: TOKEN };

const local = (authorization?: string): MetricsRequest => ({ authorization, peerAddress: "127.0.0.1", relayed: false });
const remote = (authorization?: string): MetricsRequest => ({ authorization, peerAddress: "203.0.113.5", relayed: false });

describe("metricsAccess", () => {
  it.each<[string, MetricsSetting, MetricsRequest, MetricsAccess]>([
    ["off, nothing sent", off, local(), "off"],
    ["off, whatever is sent", off, local(`Bearer ${TOKEN}`), "off"],
    ["off, from elsewhere", off, remote(), "off"],
    ["on without a token, from 127.0.0.1", open, local(), "allowed"],
    ["on without a token, from ::1", open, { authorization: undefined, peerAddress: "::1", relayed: false }, "allowed"],
    [
      "on without a token, from ::ffff:127.0.0.1",
      open,
      { authorization: undefined, peerAddress: "::ffff:127.0.0.1", relayed: false },
      "allowed",
    ],
    ["on without a token, local with any header", open, local("Bearer anything"), "allowed"],
    ["on without a token, from elsewhere", open, remote(), "not-loopback"],
    ["on without a token, from elsewhere with a token", open, remote(`Bearer ${TOKEN}`), "not-loopback"],
    ["on without a token, from the LAN", open, { authorization: undefined, peerAddress: "192.168.1.20", relayed: false }, "not-loopback"],
    ["on without a token, relayed by a proxy on this machine", open, { ...local(), relayed: true }, "not-loopback"],
    ["on without a token, no socket address", open, { authorization: undefined, peerAddress: undefined, relayed: false }, "not-loopback"],
    ["token set, nothing sent", guarded, local(), "missing-token"],
    ["token set, another scheme", guarded, local(`Basic ${TOKEN}`), "missing-token"],
    ["token set, Bearer without a value", guarded, local("Bearer "), "missing-token"],
    ["token set, the token", guarded, local(`Bearer ${TOKEN}`), "allowed"],
    ["token set, the token from elsewhere", guarded, remote(`Bearer ${TOKEN}`), "allowed"],
    ["token set, the token through a proxy", guarded, { ...remote(`Bearer ${TOKEN}`), relayed: true }, "allowed"],
    ["token set, nothing sent from elsewhere", guarded, remote(), "missing-token"],
    ["token set, the scheme in another case", guarded, local(`bearer ${TOKEN}`), "allowed"],
    ["token set, a prefix of the token", guarded, local(`Bearer ${TOKEN.slice(0, -1)}`), "wrong-token"],
    ["token set, the token and more", guarded, local(`Bearer ${TOKEN}x`), "wrong-token"],
    ["token set, another case", guarded, local(`Bearer ${TOKEN.toUpperCase()}`), "wrong-token"],
    ["token set, two values", guarded, local(`Bearer ${TOKEN} ${TOKEN}`), "missing-token"],
  ])("%s", (_name, setting, request, expected) => {
    expect(metricsAccess(setting, request)).toBe(expected);
  });
});

describe("relayedByProxy", () => {
  it.each<[Record<string, string>, boolean]>([
    [{}, false],
    [{ host: "127.0.0.1:5230", "user-agent": "Prometheus/2.53" }, false],
    [{ "x-forwarded-for": "203.0.113.5" }, true],
    [{ "x-forwarded-proto": "https" }, true],
    [{ "x-forwarded-host": "notes.example.org" }, true],
    [{ "x-real-ip": "203.0.113.5" }, true],
    [{ forwarded: "for=203.0.113.5" }, true],
    [{ via: "1.1 caddy" }, true],
  ])("%j: %s", (headers, expected) => expect(relayedByProxy(headers)).toBe(expected));
});
