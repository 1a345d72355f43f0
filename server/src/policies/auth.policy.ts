// Who may have an account and use it: the sign-up rules, and the archived-account rule every credential obeys.
import type { Role, RowStatus } from "@memos/common";
import { forbidden } from "../errors.js";

/**
 * The role a sign-up gets. The first account is the host (a sign-up asking for another role before then is
 * refused, so nobody claims an empty instance as a member by mistake); afterwards sign-up needs `allowSignUp`,
 * and the role is USER whatever was asked: nobody becomes host or admin by signing up.
 */
export function signUpRole(hostExists: boolean, allowSignUp: boolean, requested: Role | undefined): Role {
  if (!hostExists) {
    if (requested !== undefined && requested !== "HOST")
      throw forbidden("The first account must sign up as the site host", { reason: "auth.first-user-must-be-host" });
    return "HOST";
  }
  if (!allowSignUp)
    throw forbidden("Site Host existed, please contact the site host to signin account firstly", { reason: "auth.signup-closed" });
  return "USER";
}

/** An archived account can neither sign in nor act, whether by session or by token. */
export function assertActiveAccount(user: { row_status: RowStatus; username: string }): void {
  if (user.row_status === "ARCHIVED")
    throw forbidden(`User has been archived with username ${user.username}`, { reason: "auth.account-archived" });
}
