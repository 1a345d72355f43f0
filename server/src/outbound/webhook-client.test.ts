// What the owner is told of a failed connection: a class, never the error's own words (which name addresses, DNS
// answers and hosts of this server's network).
import { describe, expect, it } from "vitest";
import { failureClass } from "./webhook-client.js";

describe("failureClass", () => {
  it.each([
    ["ENOTFOUND", "could not connect"],
    ["EAI_AGAIN", "could not connect"],
    ["ECONNREFUSED", "could not connect"],
    ["EHOSTUNREACH", "could not connect"],
    ["ENETUNREACH", "could not connect"],
    ["ETIMEDOUT", "could not connect"],
    [undefined, "could not connect"],
    ["ECONNRESET", "the connection closed before an answer"],
    ["EPIPE", "the connection closed before an answer"],
    ["ERR_TLS_CERT_ALTNAME_INVALID", "could not connect: TLS handshake failed"],
    ["DEPTH_ZERO_SELF_SIGNED_CERT", "could not connect: TLS handshake failed"],
    ["SELF_SIGNED_CERT_IN_CHAIN", "could not connect: TLS handshake failed"],
    ["UNABLE_TO_VERIFY_LEAF_SIGNATURE", "could not connect: TLS handshake failed"],
    ["CERT_HAS_EXPIRED", "could not connect: TLS handshake failed"],
    ["ERR_SSL_WRONG_VERSION_NUMBER", "could not connect: TLS handshake failed"],
    ["EPROTO", "could not connect: TLS handshake failed"],
  ])("%s → %s", (code, shown) => {
    expect(failureClass(code)).toBe(shown);
  });
});
