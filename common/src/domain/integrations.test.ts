import { describe, expect, it } from "vitest";
import { webhookUrlProblem } from "./integrations.js";

describe("webhookUrlProblem", () => {
  it.each([
    ["https://example.com/hook", null],
    ["http://192.168.1.5:8080/x", null],
    ["HTTPS://EXAMPLE.COM", null],
    ["ftp://example.com", "not-http"],
    ["example.com/hook", "not-http"],
    ["", "not-http"],
    ["https://exa mple.com", "unparsable"],
    ["http://", "unparsable"],
    ["https://[::1/hook", "unparsable"],
  ] as const)("%j → %s", (url, problem) => expect(webhookUrlProblem(url)).toBe(problem));
});
