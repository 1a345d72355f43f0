// A server error is shown in the UI's language by its reason (the `error.<reason>` strings), with its params; a
// reason this build does not know, or none, shows the server's own message.
import { ERROR_REASON_NAMES, reasonEntry } from "@memos/common";
import { afterEach, describe, expect, it } from "vitest";
import i18n, { changeLanguage } from "../i18n";
import en from "../locales/en.json";
import { ApiError } from "./client";
import { errorMessage, failureMessage } from "./errorMessage";

afterEach(async () => {
  await changeLanguage("en");
});

const tIn = async (locale: "de" | "zh" | "en") => {
  await changeLanguage(locale);
  return i18n.t;
};

describe("errorMessage", () => {
  it("translates a reason into German and Chinese", async () => {
    const error = new ApiError(400, "Invalid user patch format: currentPassword: the current password is incorrect", {
      reason: "user.current-password-incorrect",
      field: "currentPassword",
    });
    expect(errorMessage(error, await tIn("de"))).toBe("Das aktuelle Passwort ist falsch.");
    expect(errorMessage(error, await tIn("zh"))).toBe("当前密码不正确。");
  });

  it("fills in the reason's params and the field", async () => {
    const taken = new ApiError(409, "Username already exists: ann", {
      reason: "user.username-taken",
      field: "username",
      params: { username: "ann" },
    });
    expect(errorMessage(taken, await tIn("de"))).toBe("Der Benutzername ann ist schon vergeben.");
    const long = new ApiError(400, "Malformatted signin request: username: too long", {
      reason: "input.too-long",
      field: "username",
      params: { maximum: 256 },
    });
    expect(errorMessage(long, await tIn("en"))).toBe("“username” is too long: at most 256 characters.");
  });

  it("shows the server's message for a reason it does not know, or none", async () => {
    const t = await tIn("de");
    expect(errorMessage(new ApiError(400, "Passkeys are not set up", { reason: "passkey.not-set-up" }), t)).toBe("Passkeys are not set up");
    expect(errorMessage(new ApiError(502, "Bad Gateway"), t)).toBe("Bad Gateway");
    // Not reasons, though en.json has something at these keys.
    for (const reason of ["input", "input.", "toString.x", "memo.not-found.x"])
      expect(errorMessage(new ApiError(400, "Refused", { reason }), t), reason).toBe("Refused");
    expect(errorMessage(new TypeError("Failed to fetch"), t)).toBe("Failed to fetch");
  });

  it("translates what the outbox kept of a refused write", async () => {
    expect(failureMessage({ message: "Memo ID not found: 7", reason: "memo.not-found" }, await tIn("zh"))).toBe("找不到该备忘录。");
    expect(failureMessage({ message: "content: too long" }, await tIn("zh"))).toBe("content: too long");
  });
});

describe("en.json's error strings", () => {
  const strings = en.error as Record<string, Record<string, string>>;
  const stringOf = (reason: string) => {
    const [group, name] = reason.split(/\.(.*)/s) as [string, string];
    return strings[group]?.[name];
  };

  it("has one for every reason the server sends, and no other", () => {
    expect(ERROR_REASON_NAMES.filter((reason) => stringOf(reason) === undefined)).toEqual([]);
    const keys = Object.entries(strings).flatMap(([group, names]) => Object.keys(names).map((name) => `${group}.${name}`));
    expect(keys.sort()).toEqual([...ERROR_REASON_NAMES].sort());
  });

  it("uses only the params the reason carries (and the field)", () => {
    for (const reason of ERROR_REASON_NAMES) {
      const used = [...(stringOf(reason) ?? "").matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);
      const allowed = [...(reasonEntry(reason).params ?? []), "field"];
      expect(
        used.filter((name) => !allowed.includes(name)),
        reason,
      ).toEqual([]);
    }
  });
});
