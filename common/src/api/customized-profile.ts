// The instance's customized profile (name, logo, description, default locale and appearance, external URL): what a
// host writes (every field optional), what GET /api/status answers (every field, defaults filled in), and the rule
// that keeps an unsafe logo out of every visitor's page.
import { z } from "zod";
import { APPEARANCES, LOCALES } from "../domain/constants.js";
import { isSafeLogoUrl } from "../domain/validation.js";
import { optional } from "./schema-parts.js";

/** The profile as stored and as written: the fields left out read as their defaults. */
export const customizedProfileSchema = z.object({
  name: optional(z.string().max(256)),
  logoUrl: optional(z.string().max(4096)),
  description: optional(z.string().max(4096)),
  locale: optional(z.enum(LOCALES)),
  appearance: optional(z.enum(APPEARANCES)),
  externalUrl: optional(z.string().max(4096)),
});

/** A new profile: the stored shape, with a logo every visitor's browser may load (checked once the fields are valid). */
export const customizedProfileWriteSchema = customizedProfileSchema.refine((profile) => isSafeLogoUrl(profile.logoUrl ?? ""), {
  message: "must be an http(s) URL, a path on this site or a data:image URL",
  path: ["logoUrl"],
});

export const customizedProfileEntitySchema = z
  .object({
    name: z.string(),
    logoUrl: z.string(),
    description: z.string(),
    locale: z.string(),
    appearance: z.string(),
    externalUrl: z.string(),
  })
  .meta({ id: "CustomizedProfile" });
export type CustomizedProfile = z.infer<typeof customizedProfileEntitySchema>;

/** The profile of an instance whose host changed nothing: what the server answers and the web's "Restore defaults". */
export const DEFAULT_CUSTOMIZED_PROFILE: CustomizedProfile = {
  name: "memos",
  logoUrl: "",
  description: "",
  locale: "en",
  appearance: "system",
  externalUrl: "",
};

/**
 * The profile as served: defaults for the fields left out (or written as null, which the schema reads as left out);
 * a logo stored before the logo rule existed is dropped if it is unsafe.
 */
export function servedCustomizedProfile(stored: Partial<CustomizedProfile>): CustomizedProfile {
  const given = Object.fromEntries(Object.entries(stored).filter(([, value]) => value !== undefined));
  const profile = { ...DEFAULT_CUSTOMIZED_PROFILE, ...given };
  return isSafeLogoUrl(profile.logoUrl) ? profile : { ...profile, logoUrl: "" };
}
