import { describe, expect, it } from "vitest";
import { fastifyTrustProxy, hopCountWarning, isProxyAddress } from "./trust-proxy.js";

describe("isProxyAddress", () => {
  it("takes IPs, CIDR ranges and proxy-addr's named ranges, IPv4 in four decimal parts only", () => {
    for (const entry of ["127.0.0.1", "10.0.0.0/8", "::1", "fd00::/8", "2001:db8::1", "loopback", "linklocal", "uniquelocal"])
      expect(isProxyAddress(entry), entry).toBe(true);
    for (const entry of ["", "127.1", "0x7f000001", "10.0.0.0/33", "10.0.0.0/255.0.0.0", "proxy.internal", "LOOPBACK", "true", "1"])
      expect(isProxyAddress(entry), entry).toBe(false);
  });
});

describe("fastifyTrustProxy", () => {
  it("trusts the nearest hops of a count whatever their address, and hands address lists to Fastify as they are", () => {
    const two = fastifyTrustProxy(2);
    expect(typeof two).toBe("function");
    const trusts = two as (address: string, hop: number) => boolean;
    expect([trusts("203.0.113.1", 0), trusts("203.0.113.1", 1), trusts("203.0.113.1", 2)]).toEqual([true, true, false]);
    expect(fastifyTrustProxy(["127.0.0.1", "10.0.0.0/8"])).toEqual(["127.0.0.1", "10.0.0.0/8"]);
    expect(fastifyTrustProxy(false)).toBe(false);
  });
});

describe("hopCountWarning", () => {
  it("warns of a hop count when memos listens beyond loopback, where a client may reach it without the proxy", () => {
    expect(hopCountWarning(1, "0.0.0.0")).toMatch(
      /^--trust-proxy 1 believes the nearest 1 X-Forwarded-For entries .* listens on 0\.0\.0\.0/,
    );
    for (const addr of ["127.0.0.1", "::1", "localhost", "127.0.0.2"]) expect(hopCountWarning(1, addr), addr).toBeNull();
    expect(hopCountWarning(["10.0.0.0/8"], "0.0.0.0")).toBeNull();
    expect(hopCountWarning(false, "0.0.0.0")).toBeNull();
  });
});
