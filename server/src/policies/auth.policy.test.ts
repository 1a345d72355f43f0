// Table test: the role a sign-up gets, and the archived-account rule.
import type { Role } from "@memos/common";
import { describe, expect, it } from "vitest";
import { HttpError } from "../errors.js";
import { assertActiveAccount, signUpRole } from "./auth.policy.js";

function outcome(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    return error instanceof HttpError ? `${error.status} ${error.message}` : error;
  }
}

// prettier-ignore
const SIGN_UPS: [boolean, boolean, Role | undefined, unknown][] = [
  // host exists, sign-up open, role asked → result
  [false, false, undefined, "HOST"],
  [false, false, "HOST", "HOST"],
  [false, true, "USER", "403 The first account must sign up as the site host"],
  [false, true, "ADMIN", "403 The first account must sign up as the site host"],
  [true, false, undefined, "403 Site Host existed, please contact the site host to signin account firstly"],
  [true, false, "HOST", "403 Site Host existed, please contact the site host to signin account firstly"],
  [true, true, undefined, "USER"],
  [true, true, "HOST", "USER"],
  [true, true, "ADMIN", "USER"],
];

describe("signUpRole", () => {
  it.each(SIGN_UPS)("host exists %s, sign-up open %s, asks %s → %s", (hostExists, open, asked, expected) => {
    expect(outcome(() => signUpRole(hostExists, open, asked))).toBe(expected);
  });
});

describe("assertActiveAccount", () => {
  it("refuses an archived account by name, lets a normal one through", () => {
    expect(outcome(() => assertActiveAccount({ row_status: "ARCHIVED", username: "gone" }))).toBe(
      "403 User has been archived with username gone",
    );
    expect(outcome(() => assertActiveAccount({ row_status: "NORMAL", username: "here" }))).toBeUndefined();
  });
});
