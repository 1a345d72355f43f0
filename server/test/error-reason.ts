// Every error answer carries a reason of the published list (common/src/api/reasons.ts), answered with that
// reason's status: the shared test client checks each answer it gets, so every API test checks it too.
import { isErrorReason, OAUTH_ERRORS, reasonEntry } from "@memos/common";

/** An OAuth endpoint's error (RFC 6749 §5.2): a code of the list, a description, nothing of the envelope. */
function isOAuthError(body: object): boolean {
  const keys = Object.keys(body).sort().join(",");
  return (
    (keys === "error" || keys === "error,error_description") &&
    (OAUTH_ERRORS as readonly unknown[]).includes((body as { error: unknown }).error)
  );
}

/** Why an answer breaks the rule, or null: a JSON error envelope without a known reason, or with another status's. */
export function reasonProblem(status: number, body: unknown): string | null {
  if (status < 400 || body === null || typeof body !== "object" || typeof (body as { error?: unknown }).error !== "string") return null;
  if (isOAuthError(body)) return null;
  const { reason, field, params } = body as { reason?: unknown; field?: unknown; params?: unknown };
  if (!isErrorReason(reason)) return `a ${status} without a known reason: ${JSON.stringify(body)}`;
  if (field !== undefined && (typeof field !== "string" || field === "")) return `a field that is not a name: ${JSON.stringify(body)}`;
  const { status: expectedStatus, params: names = [] } = reasonEntry(reason);
  if (expectedStatus !== status) return `a ${status} with the reason ${reason}, which is a ${expectedStatus}`;
  const expected = [...names].sort();
  const actual = params && typeof params === "object" ? Object.keys(params).sort() : [];
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    return `${reason} with params ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`;
  return null;
}

/** Throws when `reasonProblem` finds one. */
export function assertReason(status: number, body: unknown): void {
  const problem = reasonProblem(status, body);
  if (problem) throw new Error(`error envelope: ${problem}`);
}
