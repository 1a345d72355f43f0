// Passkeys (WebAuthn): the caller's own, added, renamed and removed from a signed-in session only; and signing in
// with one, without a username or password. A ceremony is two calls: the options (with a challenge id), then the
// browser's answer with that id. Passkeys need the instance's external URL: its host is the relying party.
import { z } from "zod";
import { pathId } from "../schema-parts.js";
import {
  passkeyAssertionSchema,
  passkeyCeremonyEntitySchema,
  passkeyEntitySchema,
  passkeyRegisterSchema,
  passkeyRenameSchema,
} from "../schemas/passkey.js";
import { userEntitySchema } from "../schemas/user.js";
import { bare, data, input, route } from "../route.js";
import { WEBAUTHN_BODY_LIMIT } from "../body-limits.js";

const NO_EXTERNAL_URL = "The host has not set the instance's external URL (`passkey.no-external-url`)";

export const passkeyRoutes = {
  "passkey.list": route({
    method: "GET",
    path: "/api/auth/passkey",
    summary: "The caller's passkeys, the oldest first",
    access: "session",
    answer: data(z.array(passkeyEntitySchema)),
  }),
  "passkey.registrationOptions": route({
    method: "POST",
    path: "/api/auth/passkey/registration-options",
    summary: "Start adding a passkey: options for the browser's navigator.credentials.create()",
    description: "The passkey is discoverable (a resident key), so it can sign in without a username.",
    access: "session",
    answer: data(passkeyCeremonyEntitySchema),
    errors: { 409: NO_EXTERNAL_URL },
  }),
  "passkey.register": route({
    method: "POST",
    path: "/api/auth/passkey/registration",
    summary: "Add a passkey: the browser's answer to the registration options",
    description:
      "A passkey is a second factor: once the account has one, signing in with the password asks for a passkey (or the authenticator app's code). Ends the account's other sessions.",
    access: "session",
    body: input(passkeyRegisterSchema, "Malformatted passkey request"),
    bodyLimit: WEBAUTHN_BODY_LIMIT,
    answer: data(passkeyEntitySchema),
    errors: {
      400: "The answer is not valid, or its challenge is used or expired",
      409: `${NO_EXTERNAL_URL}; or the passkey is added already`,
    },
  }),
  "passkey.authenticationOptions": route({
    method: "POST",
    path: "/api/auth/passkey/authentication-options",
    summary: "Start signing in with a passkey: options for the browser's navigator.credentials.get()",
    description: "No username: the browser offers the passkeys it holds for this instance. Also the second step of a password sign-in.",
    access: "anonymous",
    answer: data(passkeyCeremonyEntitySchema),
    errors: { 409: NO_EXTERNAL_URL },
  }),
  "passkey.signIn": route({
    method: "POST",
    path: "/api/auth/passkey/signin",
    summary: "Sign in with a passkey (no password: the passkey verified its user)",
    description: "Sets the session cookie. Failures are rate-limited like password sign-ins (429 with Retry-After).",
    access: "anonymous",
    body: input(passkeyAssertionSchema, "Malformatted passkey request"),
    bodyLimit: WEBAUTHN_BODY_LIMIT,
    answer: data(userEntitySchema),
    errors: {
      401: "Not a valid answer: an unknown passkey, a bad signature, a challenge used or expired (`auth.incorrect-passkey`)",
      403: "The account is archived",
      409: NO_EXTERNAL_URL,
      429: "Too many failed attempts",
    },
  }),
  "passkey.rename": route({
    method: "PATCH",
    path: "/api/auth/passkey/:id",
    summary: "Rename one of the caller's passkeys",
    access: "session",
    params: z.object({ id: pathId() }),
    body: input(passkeyRenameSchema, "Malformatted passkey request"),
    answer: data(passkeyEntitySchema),
    errors: { 404: "No passkey of the caller's has this id" },
  }),
  "passkey.delete": route({
    method: "DELETE",
    path: "/api/auth/passkey/:id",
    summary: "Remove one of the caller's passkeys",
    description: "Ends the account's other sessions.",
    access: "session",
    params: z.object({ id: pathId() }),
    answer: bare(z.literal(true)),
    errors: {
      403: "The host requires two-factor sign-in and this is the account's last second factor",
      404: "No passkey of the caller's has this id",
    },
  }),
};
