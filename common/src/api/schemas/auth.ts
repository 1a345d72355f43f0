// Signing in and up (routes/auth.ts): the bodies, a two-step sign-in's first answer, and who is signed in.
import { z } from "zod";
import { MAX_TWO_FACTOR_CODE_LENGTH, SECOND_FACTOR_STEPS } from "../../domain/two-factor.js";
import { INPUT_LIMITS } from "../input-limits.js";
import { optional, text } from "../schema-parts.js";
import { roleSchema } from "../shared-schemas.js";
import { passkeyAssertionSchema } from "./passkey.js";
import { userEntitySchema } from "./user.js";

export const signInSchema = z.object({
  username: text(INPUT_LIMITS.username),
  password: text(INPUT_LIMITS.password),
  /** Asked of an account with two-factor sign-in: an authenticator app's code, or a recovery code. */
  code: optional(text(MAX_TWO_FACTOR_CODE_LENGTH)),
  /** Or, instead of the code, one of the account's passkeys. */
  passkey: optional(passkeyAssertionSchema),
  /**
   * The caller signs in in two steps (the web app): a right password for an account whose second factor is missing
   * answers 200 `{secondFactor}` instead of 401 `auth.code-required`/`auth.passkey-required`. v0 clients never send it.
   */
  twoStep: optional(z.boolean()),
});

export const signUpSchema = z.object({
  username: text(INPUT_LIMITS.username),
  password: text(INPUT_LIMITS.password),
  role: optional(roleSchema),
});

// What a client sends (z.input), and the parsed input the server takes (z.infer).
export type SignInRequest = z.input<typeof signInSchema>;
export type SignUpRequest = z.input<typeof signUpSchema>;
export type SignIn = z.infer<typeof signInSchema>;
export type SignUp = z.infer<typeof signUpSchema>;

/** A two-step sign-in's first answer (`twoStep: true`): the password was right, the account's second factor is next. */
export const secondFactorNeededEntitySchema = z
  .object({
    secondFactor: z
      .enum(SECOND_FACTOR_STEPS)
      .describe(
        "What to send next with the same username and password: `code` (an app's or a recovery code, or a passkey instead), or `passkey`",
      ),
  })
  .meta({ id: "SecondFactorNeeded" });
export type SecondFactorNeeded = z.infer<typeof secondFactorNeededEntitySchema>;

/** Who is signed in, as the web's first requests read it: the account, and what this session must do first. */
export const sessionUserEntitySchema = userEntitySchema
  .extend({
    twoFactorSetupRequired: z
      .boolean()
      .describe("This session may only set up two-factor sign-in until it is on (as `GET /api/auth/totp`'s `setupRequired`)"),
  })
  .meta({ id: "SessionUser" });
export type SessionUser = z.infer<typeof sessionUserEntitySchema>;
