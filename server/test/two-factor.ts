// Two-factor sign-in in tests: codes computed from the secret with the server's own library (otpauth), and an
// account with it on.
import { Secret, TOTP } from "otpauth";
import { expect } from "vitest";
import type { TestUser } from "./factories.js";

/** The app's code for the time step `offset` steps from now (-1, 0, 1 are all accepted; each once). */
export function totpCode(secret: string, offset = 0): string {
  const totp = new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + offset * 30_000 });
}

/** Turns 2FA on for `user` (with the previous step's code, so the current and next stay usable). */
export async function enableTwoFactor(user: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await user.client.post("/api/auth/totp/setup");
  expect(setup.status, setup.text).toBe(200);
  const secret = setup.body.data.secret as string;
  const enabled = await user.client.post("/api/auth/totp/enable", { code: totpCode(secret, -1) });
  expect(enabled.status, enabled.text).toBe(200);
  return { secret, recoveryCodes: enabled.body.data.recoveryCodes };
}
