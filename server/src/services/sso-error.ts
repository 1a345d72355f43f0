// A single sign-on failure: what the browser is told (an SsoFailure the route turns into a redirect to the app) and,
// for the log only, what went wrong.
import type { SsoFailure } from "@memos/common";

export class SsoError extends Error {
  /** The flow was a link: the failure goes back to the app, not the sign-in page. */
  linking = false;
  constructor(
    readonly failure: SsoFailure,
    /** For the log: what went wrong, without codes, states or tokens. */
    readonly detail: string,
  ) {
    super(`${failure}: ${detail}`);
  }
}
