// The one assertion of a policy table: for each role, call the route and expect its status (or, for a listing,
// whether the row is in it). Every role is called before anything is asserted, so a failure shows the whole row.
import { expect } from "vitest";

/** What one role got: a status code, or for a listing whether the row was in it. */
export type Outcome = number | boolean;

/**
 * Calls `request` for each role of `expected`, in the table's order, then asserts every role's outcome at once.
 * A failure names the route and each role that got something else: "PATCH /api/memo/1: member expected 403, got 200".
 */
export async function expectPolicyStatuses<Role extends string>(
  route: string,
  expected: Record<Role, Outcome>,
  request: (role: Role) => Promise<Outcome | { status: number }>,
): Promise<void> {
  const roles = Object.keys(expected) as Role[];
  const observed = {} as Record<Role, Outcome>;
  for (const role of roles) {
    const answer = await request(role);
    observed[role] = typeof answer === "object" ? answer.status : answer;
  }
  const wrong = roles
    .filter((role) => observed[role] !== expected[role])
    .map((role) => `${role} expected ${expected[role]}, got ${observed[role]}`);
  expect(observed, `${route}: ${wrong.join("; ")}`).toEqual(expected);
}
