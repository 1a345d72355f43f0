// Two-factor sign-in (TOTP) with recovery codes: the caller's own, changed from a signed-in session only, and the
// reset an administrator makes of a member's.
import { z } from "zod";
import { pathId } from "../schema-parts.js";
import {
  recoveryCodesEntitySchema,
  totpConfirmSchema,
  totpEnableSchema,
  totpSetupEntitySchema,
  totpStatusEntitySchema,
} from "../schemas/totp.js";
import { bare, data, input, route } from "../route.js";

const CONFIRM_ERRORS = {
  400: "The password or the code is wrong (`field` says which); both are counted as failed sign-ins, a wrong code also as a wrong code of the account",
  403: "The host requires two-factor sign-in (for turning it off)",
  409: "Two-factor sign-in is not on",
  429: "Too many failed attempts (`rate.limited`), or an app's code while the account's app codes are locked (`auth.code-locked`)",
} as const;

export const totpRoutes = {
  "totp.status": route({
    method: "GET",
    path: "/api/auth/totp",
    summary: "Whether the caller's two-factor sign-in is on, and what the host requires",
    description: "`setupRequired`: this session may do nothing but set up two-factor sign-in until it is on.",
    access: "signed-in",
    answer: data(totpStatusEntitySchema),
  }),
  "totp.setup": route({
    method: "POST",
    path: "/api/auth/totp/setup",
    summary: "Start two-factor sign-in: a new secret for an authenticator app",
    description: "The secret is shown in this answer only; it takes effect once `enable` gets a first code of it.",
    access: "session",
    answer: data(totpSetupEntitySchema),
    errors: { 409: "Two-factor sign-in is on already" },
  }),
  "totp.enable": route({
    method: "POST",
    path: "/api/auth/totp/enable",
    summary: "Turn two-factor sign-in on with a first code; answers the recovery codes (shown once)",
    description: "Ends the account's other sessions.",
    access: "session",
    body: input(totpEnableSchema, "Malformatted two-factor request"),
    answer: data(recoveryCodesEntitySchema),
    errors: {
      400: "The code is wrong (counted as a failed sign-in and a wrong code of the account)",
      409: "On already, or no setup was started",
      429: "Too many failed attempts, or the account's app codes are locked by wrong codes (`auth.code-locked`)",
    },
  }),
  "totp.disable": route({
    method: "POST",
    path: "/api/auth/totp/disable",
    summary: "Turn two-factor sign-in off (the password and a current code)",
    description: "Ends the account's other sessions.",
    access: "session",
    body: input(totpConfirmSchema, "Malformatted two-factor request"),
    answer: bare(z.literal(true)),
    errors: CONFIRM_ERRORS,
  }),
  "totp.recoveryCodes": route({
    method: "POST",
    path: "/api/auth/totp/recovery-codes",
    summary: "New recovery codes (the password and a current code); the old ones stop working",
    description: "Ends the account's other sessions.",
    access: "session",
    body: input(totpConfirmSchema, "Malformatted two-factor request"),
    answer: data(recoveryCodesEntitySchema),
    errors: CONFIRM_ERRORS,
  }),
  "totp.reset": route({
    method: "DELETE",
    path: "/api/user/:id/totp",
    summary: "Reset a member's two-factor sign-in (host or admin); their next sign-in sets it up again if required",
    description: "Ends the member's sessions. Logged.",
    access: "session",
    params: z.object({ id: pathId() }),
    answer: bare(z.literal(true)),
    errors: { 403: "Not an administrator, the caller's own account, or the host's (by an admin)", 404: "No such user" },
  }),
};
