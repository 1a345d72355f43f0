// A session's bearer token reads back only as signed, under the key it was signed with, and says when it expired.
import { describe, expect, it } from "vitest";
import { readSessionBearer, signSessionBearer } from "./session-bearer.js";

const KEY = Buffer.from("a key of thirty-two bytes or more, for tests");
const BEARER = { userId: 7, sessionPublicId: "Pub_lic-Id", expiresTs: 2_000 };

describe("session bearer tokens", () => {
  it("read back what was signed, expired from their time on", () => {
    const token = signSessionBearer(KEY, BEARER);
    expect(token).toMatch(/^memos_sat_7\.Pub_lic-Id\.2000\.[\w-]{43}$/);
    expect(readSessionBearer(KEY, token, 1_999)).toEqual({ ...BEARER, expired: false });
    expect(readSessionBearer(KEY, token, 2_000)).toEqual({ ...BEARER, expired: true });
  });

  it("refuse another key, any changed part, and what is not one", () => {
    const token = signSessionBearer(KEY, BEARER);
    const [text, mac] = [token.slice(0, token.lastIndexOf(".")), token.slice(token.lastIndexOf(".") + 1)];
    for (const other of [
      signSessionBearer(Buffer.from("another key of thirty-two bytes, or more"), BEARER),
      `${text.replace("memos_sat_7", "memos_sat_8")}.${mac}`,
      `${text.replace(".2000", ".9000")}.${mac}`,
      `${text}.${mac.slice(1)}`,
      `${text}.`,
      "memos_sat_",
      "memos_pat_abc",
    ]) {
      expect(readSessionBearer(KEY, other, 0), other).toBeNull();
    }
  });
});
