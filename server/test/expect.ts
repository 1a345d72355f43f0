// The one assertion of the wire's error envelope, shared by every API test.
import type { ErrorReason } from "@memos/common";
import { expect } from "vitest";
import type { Response } from "./client.js";

/**
 * Asserts an error answer: the status, the envelope {"error": "code=N, message=M", "message": M, "reason": R}
 * (the client checks R is a known reason of that status), and, when given, the message (exactly, or matching a
 * pattern) and the reason and field.
 */
export function expectError(
  response: Response,
  status: number,
  message?: string | RegExp,
  detail: { reason?: ErrorReason; field?: string } = {},
): void {
  expect(response.status, `expected ${status}, got ${response.status}: ${response.text}`).toBe(status);
  expect(typeof response.body?.message, `expected the error envelope, got ${response.text}`).toBe("string");
  expect(response.body.error).toBe(`code=${status}, message=${response.body.message}`);
  if (typeof message === "string") expect(response.body.message).toBe(message);
  else if (message) expect(response.body.message).toMatch(message);
  if (detail.reason !== undefined) expect(response.body.reason, response.text).toBe(detail.reason);
  if (detail.field !== undefined) expect(response.body.field, response.text).toBe(detail.field);
}
