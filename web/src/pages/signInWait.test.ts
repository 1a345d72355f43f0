import { describe, expect, it } from "vitest";
import i18n from "../i18n";
import { tooManyAttemptsMessage } from "./signInWait";

describe("tooManyAttemptsMessage", () => {
  const t = i18n.getFixedT("en");

  it("says the wait in minutes, rounded up", () => {
    expect(tooManyAttemptsMessage(t, 720)).toBe("Too many failed attempts. Try again in 12 minutes.");
    expect(tooManyAttemptsMessage(t, 61)).toBe("Too many failed attempts. Try again in 2 minutes.");
    expect(tooManyAttemptsMessage(t, 60)).toBe("Too many failed attempts. Try again in 1 minute.");
  });

  it("says seconds under a minute", () => {
    expect(tooManyAttemptsMessage(t, 1)).toBe("Too many failed attempts. Try again in 1 second.");
    expect(tooManyAttemptsMessage(t, 42)).toBe("Too many failed attempts. Try again in 42 seconds.");
  });

  it("says later without a Retry-After", () => {
    expect(tooManyAttemptsMessage(t, null)).toBe("Too many failed attempts. Try again later.");
  });
});
