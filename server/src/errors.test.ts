// PostgreSQL reports a statement timeout that lands inside its regex engine as an invalid regex (2201B,
// "operation cancelled"): that is the search budget running out, not the client's pattern.
import { describe, expect, it } from "vitest";
import { isCancelledRegex } from "./errors.js";

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("isCancelledRegex", () => {
  it("is a budget timeout when the regex engine was cancelled", () => {
    expect(isCancelledRegex(pgError("2201B", "invalid regular expression: operation cancelled"))).toBe(true);
  });

  it("is the client's pattern otherwise", () => {
    expect(isCancelledRegex(pgError("2201B", "invalid regular expression: invalid escape \\ sequence"))).toBe(false);
    expect(isCancelledRegex(pgError("57014", "canceling statement due to statement timeout"))).toBe(false);
    expect(isCancelledRegex(null)).toBe(false);
  });
});
