// UserService's accounts made and removed. CreateUser is memos' sign-up and an administrator's "add a member" at
// once: an administrator's call makes a member with the role it asks (our member creation, from a session only);
// anyone else's is a sign-up by our rules (the first account becomes the host, later ones need the instance's
// allow-sign-up setting, the role is USER whatever was asked), signing nobody in. DeleteUser is our account deletion.
import { accountProblem, type Role, signUpSchema, userCreateSchema } from "@memos/common";
import { Code, ConnectError } from "@connectrpc/connect";
import { createsMember } from "../../policies/user.policy.js";
import { registerAccount } from "../../services/auth.service.js";
import { accountIdByName, createMember, deleteUser } from "../../services/user.service.js";
import { type User, User_Role, type UserService } from "../gen/memos/api/v1/user_service_pb.js";
import { checked } from "../checked.js";
import { usernameOf } from "../names.js";
import { presentUser } from "../presenters/user.presenter.js";
import type { ServiceRpcs } from "../rpc.js";
import { invalidArgument } from "../transport/errors.js";

/** Our fields as CreateUser names them, for a refusal. */
const CREATE_FIELDS: Readonly<Record<string, string>> = {
  username: "user.username",
  password: "user.password",
  nickname: "user.display_name",
  email: "user.email",
  role: "user.role",
};

/** The role an administrator asks for: memos' ADMIN or USER (unspecified: USER). */
function roleOf(role: User_Role): Role {
  if (role === User_Role.ADMIN) return "ADMIN";
  if (role === User_Role.USER || role === User_Role.ROLE_UNSPECIFIED) return "USER";
  throw invalidArgument("user.role", `expected ADMIN or USER, not ${role}`);
}

/** The new account's fields, checked by our schemas and account rules, each refusal named by its v1 field. */
function accountOf(user: User | undefined, userId: string) {
  if (!user) throw invalidArgument("user", "a user is required");
  if (userId !== "" && userId !== user.username) throw invalidArgument("user_id", "must be the same as user.username");
  const input = checked(
    userCreateSchema,
    {
      username: user.username,
      password: user.password,
      nickname: user.displayName === "" ? undefined : user.displayName,
      email: user.email === "" ? undefined : user.email,
    },
    CREATE_FIELDS,
    "user",
  );
  const found = accountProblem(input);
  if (found) throw invalidArgument(CREATE_FIELDS[found.field] ?? "user", found.problem);
  return input;
}

export const userAccountRpcs = {
  createUser: {
    access: "public",
    handle: async (input, { ctx, viewer }) => {
      const account = accountOf(input.user, input.userId);
      if (input.validateOnly) throw new ConnectError("validate_only is not served", Code.Unimplemented);
      if (createsMember(viewer)) {
        return presentUser(await createMember(ctx, viewer, { ...account, role: roleOf(input.user!.role) }));
      }
      const signUp = checked(signUpSchema, { username: account.username, password: account.password }, CREATE_FIELDS, "user");
      return presentUser(await registerAccount(ctx, signUp, { nickname: account.nickname, email: account.email }));
    },
  },
  deleteUser: {
    access: "signed-in",
    handle: async (input, { ctx, viewer, request }) => {
      const id = await accountIdByName(ctx, usernameOf(input.name));
      await deleteUser(ctx, viewer, id, request.log);
      return {};
    },
  },
} satisfies Pick<ServiceRpcs<typeof UserService>, "createUser" | "deleteUser">;
