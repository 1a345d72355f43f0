// Quick language changes end on the last one asked for, whichever language's strings take longest to load.
import { afterEach, describe, expect, it } from "vitest";
import i18n, { changeLanguage } from "./index";

afterEach(async () => {
  await changeLanguage("en");
});

describe("changeLanguage", () => {
  it("switches to a language loaded on first use and sets <html lang>", async () => {
    await changeLanguage("de");
    expect(i18n.language).toBe("de");
    expect(document.documentElement.lang).toBe("de");
    expect(i18n.t("common.language")).not.toBe(i18n.getFixedT("en")("common.language"));
  });

  it("ends on the last language asked for when a slower switch was asked first", async () => {
    // zh must be loaded first; en is bundled and would otherwise finish before it.
    await Promise.all([changeLanguage("zh"), changeLanguage("en")]);
    expect(i18n.language).toBe("en");
    expect(document.documentElement.lang).toBe("en");
  });

  it("several quick switches, each needing its strings, end on the last one", async () => {
    await Promise.all([changeLanguage("sv"), changeLanguage("uk"), changeLanguage("fr")]);
    expect(i18n.language).toBe("fr");
    expect(document.documentElement.lang).toBe("fr");
  });
});
