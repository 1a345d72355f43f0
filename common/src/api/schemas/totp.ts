// Two-factor sign-in (routes/totp.ts): turning it on and off, its status, a new secret and recovery codes.
import { z } from "zod";
import { MAX_TWO_FACTOR_CODE_LENGTH } from "../../domain/two-factor.js";
import { INPUT_LIMITS } from "../input-limits.js";
import { text } from "../schema-parts.js";

/** Turning two-factor sign-in on: the first code of the app that scanned the secret. */
export const totpEnableSchema = z.object({ code: text(MAX_TWO_FACTOR_CODE_LENGTH) });

/** Turning it off, or new recovery codes: the password and a current code (or a recovery code). */
export const totpConfirmSchema = z.object({ password: text(INPUT_LIMITS.password), code: text(MAX_TWO_FACTOR_CODE_LENGTH) });

export type TotpEnable = z.infer<typeof totpEnableSchema>;
export type TotpConfirm = z.infer<typeof totpConfirmSchema>;

export const totpStatusEntitySchema = z
  .object({
    enabled: z.boolean().describe("Two-factor sign-in is on for the account"),
    recoveryCodesLeft: z.int().describe("Unused recovery codes"),
    required: z.boolean().describe("The host requires two-factor sign-in of every account"),
    setupRequired: z.boolean().describe("This session may only set up two-factor sign-in until it is on"),
  })
  .meta({ id: "TotpStatus" });
export type TotpStatus = z.infer<typeof totpStatusEntitySchema>;

export const totpSetupEntitySchema = z
  .object({
    secret: z.string().describe("Base32; shown in this answer only"),
    otpauthUrl: z.string().describe("otpauth://totp/… for a QR code"),
  })
  .meta({ id: "TotpSetup" });
export type TotpSetup = z.infer<typeof totpSetupEntitySchema>;

export const recoveryCodesEntitySchema = z
  .object({ recoveryCodes: z.array(z.string()).describe("Each works once; shown in this answer only") })
  .meta({ id: "RecoveryCodes" });
export type RecoveryCodes = z.infer<typeof recoveryCodesEntitySchema>;
