// Signing in, up and out, and who is signed in.
import { z } from "zod";
import { SESSION_COOKIE } from "../../domain/constants.js";
import { secondFactorNeededEntitySchema, sessionUserEntitySchema, signInSchema, signUpSchema } from "../schemas/auth.js";
import { userEntitySchema } from "../schemas/user.js";
import { bare, data, input, route } from "../route.js";
import { WEBAUTHN_BODY_LIMIT } from "../body-limits.js";

const SETS_COOKIE = `Sets the \`${SESSION_COOKIE}\` session cookie.`;

export const authRoutes = {
  "auth.signIn": route({
    method: "POST",
    path: "/api/auth/signin",
    summary: "Sign in",
    description: `${SETS_COOKIE} Failed attempts are rate-limited per username and address (429 with Retry-After). An account with two-factor sign-in needs \`code\` too (an app's code or a recovery code); a wrong code counts as a failed attempt, and as a wrong code of the account: 10 within 15 minutes, from any addresses, refuse its app codes for 15 minutes (429 \`auth.code-locked\`; a recovery code or a passkey still signs in). With \`twoStep: true\` (the web app), a right password whose account still needs its second factor answers 200 \`{"data": {"secondFactor": "code" | "passkey"}}\` instead of the 401, and sets no cookie: the next request sends the same username and password with \`code\` or \`passkey\`.`,
    access: "anonymous",
    body: input(signInSchema, "Malformatted signin request"),
    bodyLimit: WEBAUTHN_BODY_LIMIT,
    answer: data(z.union([userEntitySchema, secondFactorNeededEntitySchema])),
    errors: {
      401: "No user of that name (`User not found with username <u>`), a wrong password (`Incorrect password`), a code needed (`auth.code-required`) or wrong or used (`auth.incorrect-code`)",
      403: "The account is archived",
      429: "Too many failed attempts (`rate.limited`), or the account's app codes are locked by wrong codes (`auth.code-locked`); Retry-After says when to try again",
    },
  }),
  "auth.signUp": route({
    method: "POST",
    path: "/api/auth/signup",
    summary: "Sign up (the first account becomes the host)",
    description: `${SETS_COOKIE} Open to visitors only while the allowSignUp system setting is on.`,
    access: "anonymous",
    body: input(signUpSchema, "Malformatted signup request"),
    answer: data(userEntitySchema),
    errors: {
      400: "The username or password breaks a rule (`Invalid user create format: …`)",
      403: "The first account must sign up as the host; or a host exists and sign-up is off",
      409: "The username is taken",
    },
  }),
  "auth.session": route({
    method: "GET",
    path: "/api/auth/session",
    summary: "The signed-in account, or null",
    description:
      'As `GET /api/user/me`, but a visitor gets `{"data": null}` instead of a 401, so a page can ask without an error; and `twoFactorSetupRequired` says whether this session must set up two-factor sign-in first, so the web\'s first screen needs no `GET /api/auth/totp`.',
    access: "public",
    answer: data(sessionUserEntitySchema.nullable()),
  }),
  "auth.signOut": route({
    method: "POST",
    path: "/api/auth/signout",
    summary: "Sign out",
    description: `Ends the session and clears the \`${SESSION_COOKIE}\` cookie.`,
    access: "anonymous",
    answer: bare(z.literal(true)),
  }),
};
