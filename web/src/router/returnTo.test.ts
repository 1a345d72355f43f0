import { describe, expect, it } from "vitest";
import { returnTo } from "./returnTo";

describe("returnTo", () => {
  it.each([
    ["/m/42", "/m/42"],
    ["/u/3?tag=work", "/u/3?tag=work"],
    [null, "/"],
    ["", "/"],
    ["//evil.example/x", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example", "/"],
    ["javascript:alert(1)", "/"],
  ])("%j → %j", (next, path) => expect(returnTo(next)).toBe(path));
});
