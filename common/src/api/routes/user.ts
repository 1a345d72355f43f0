// Accounts and their settings.
import { z } from "zod";
import { pathId } from "../schema-parts.js";
import { userCreateSchema, userEntitySchema, userPatchSchema, userSettingEntitySchema, userSettingUpsertSchema } from "../schemas/user.js";
import { bare, data, file, input, route } from "../route.js";

const userParams = z.object({ id: pathId() });

export const userRoutes = {
  "user.create": route({
    method: "POST",
    path: "/api/user",
    summary: "Create a member (host only)",
    access: "session",
    body: input(userCreateSchema, "Malformatted post user request"),
    answer: data(userEntitySchema),
    errors: {
      400: "The username, password, email or nickname breaks a rule (`Invalid user create format: …`)",
      403: "Not the host or an admin; or the role HOST",
      409: "The username is taken",
    },
  }),
  "user.list": route({
    method: "GET",
    path: "/api/user",
    summary: "List the accounts",
    access: "signed-in",
    answer: data(z.array(userEntitySchema)),
  }),
  "user.me": route({
    method: "GET",
    path: "/api/user/me",
    summary: "The signed-in account, with its settings",
    access: "signed-in",
    answer: data(userEntitySchema),
  }),
  "user.setSetting": route({
    method: "POST",
    path: "/api/user/setting",
    summary: "Set one of the caller's settings",
    description: '`value` is JSON text of the setting\'s value, e.g. `"\\"en\\""` for the locale.',
    access: "signed-in",
    body: input(userSettingUpsertSchema, "Malformatted post user setting upsert request"),
    answer: data(userSettingEntitySchema),
    errors: { 400: "An unknown key, or a value the key does not take (`Invalid user setting format: …`)" },
  }),
  "user.get": route({
    method: "GET",
    path: "/api/user/:id",
    summary: "One account",
    access: "public",
    params: userParams,
    answer: data(userEntitySchema),
    errors: { 404: "No such user" },
  }),
  "user.byName": route({
    method: "GET",
    path: "/api/user/name/:username",
    summary: "One account by its username (what an `@username` mention links to)",
    description:
      "The exact name first, then the name as usernames are compared (case and width folded). Redacted like `GET /api/user/:id`.",
    access: "public",
    params: z.object({ username: z.string().min(1).max(128) }),
    answer: data(userEntitySchema),
    errors: { 404: "No such user" },
  }),
  "user.avatarFile": route({
    method: "GET",
    path: "/file/users/:username/avatar",
    summary: "An account's avatar image (memos' address for it; a user's `avatarUrl` names it)",
    description:
      "PNG, JPEG, GIF or WebP as it was set. Public, as accounts are; revalidated on each use (`no-cache` with an ETag), so a new avatar shows at once.",
    access: "public",
    params: z.object({ username: z.string().max(256) }),
    answer: file("image/png", "The avatar's bytes, with their type"),
    errors: { 404: "No such user, or the user has no avatar" },
  }),
  "user.patch": route({
    method: "PATCH",
    path: "/api/user/:id",
    summary: "Change an account (itself, or the host)",
    access: "signed-in",
    params: userParams,
    body: input(userPatchSchema, "Malformatted patch user request"),
    answer: data(userEntitySchema),
    errors: {
      400: "A field breaks a rule, or `currentPassword` is wrong (`Invalid user patch format: …`)",
      403: "Another's account without being the host or an admin; the host archiving itself; a token or the open ID changing the password, username, row status or open ID",
      404: "No such user",
      409: "The username is taken",
      429: "Too many wrong `currentPassword`s",
    },
  }),
  "user.delete": route({
    method: "DELETE",
    path: "/api/user/:id",
    summary: "Delete an account and everything it owns (host only)",
    access: "session",
    params: userParams,
    answer: bare(z.literal(true)),
    errors: { 403: "Not the host or an admin; the host deleting itself; an admin deleting the host", 404: "No such user" },
  }),
};
