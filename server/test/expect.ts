// The one assertion of the wire's error envelope, shared by every API test.
import { expect } from "vitest";
import type { Response } from "./client.js";

/**
 * Asserts an error answer: the status, the envelope {"error": "code=N, message=M", "message": M}, and, when
 * given, the message (exactly, or matching a pattern).
 */
export function expectError(response: Response, status: number, message?: string | RegExp): void {
  expect(response.status, `expected ${status}, got ${response.status}: ${response.text}`).toBe(status);
  expect(typeof response.body?.message, `expected the error envelope, got ${response.text}`).toBe("string");
  expect(response.body.error).toBe(`code=${status}, message=${response.body.message}`);
  if (typeof message === "string") expect(response.body.message).toBe(message);
  else if (message) expect(response.body.message).toMatch(message);
}
