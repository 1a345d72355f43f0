// WebAuthn through @simplewebauthn/server: the relying party (the instance's external URL, never the request's
// Host header, which a client chooses), the options a browser gets, and checking what it answers.
import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from "@simplewebauthn/server";
import { conflict } from "../errors.js";
import type { PasskeyRow } from "../store/sql/passkey.store.js";

/** Loaded on first use: with the X.509 and ASN.1 code under it, about 5 MB of heap an instance without passkeys never needs. */
const webauthn = () => import("@simplewebauthn/server");

export interface RelyingParty {
  /** The external URL's host name: passkeys are bound to it. */
  id: string;
  /** The external URL's origin: where the browser's ceremony must run. */
  origin: string;
  name: string;
}

/** The relying party of the instance at `externalUrl`; 409 `passkey.no-external-url` when it is not an http(s) URL. */
export function relyingParty(externalUrl: string, name: string): RelyingParty {
  const url = URL.canParse(externalUrl.trim()) ? new URL(externalUrl.trim()) : null;
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || url.hostname === "")
    throw conflict("Passkeys need the instance's external URL: the host sets it in Settings › System", {
      reason: "passkey.no-external-url",
    });
  return { id: url.hostname, origin: url.origin, name: name || "memos" };
}

const bytes = (base64url: string): Uint8Array<ArrayBuffer> => Uint8Array.from(Buffer.from(base64url, "base64url"));

const transportsOf = (row: PasskeyRow): AuthenticatorTransport[] => JSON.parse(row.transports) as AuthenticatorTransport[];

export async function registrationOptions(rp: RelyingParty, user: { id: number; username: string }, existing: PasskeyRow[]) {
  const { generateRegistrationOptions } = await webauthn();
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userID: new TextEncoder().encode(`memos:${user.id}`),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    // Discoverable, so it signs in without a username.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
}

export async function authenticationOptions(rp: RelyingParty) {
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({ rpID: rp.id, userVerification: "preferred" });
}

export interface NewCredential {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** The credential of a valid registration answer, or null (a library error is a bad answer, not a server fault). */
export async function verifiedRegistration(rp: RelyingParty, response: unknown, challenge: string): Promise<NewCredential | null> {
  const { verifyRegistrationResponse } = await webauthn();
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch {
    return null;
  }
}

/**
 * The authenticator's new signature counter when `response` is a valid answer of `passkey` to `challenge`, else
 * null. `requireUserVerification`: the passkey alone signs in, so it must have checked its user (PIN, biometrics).
 */
export async function verifiedAssertion(
  rp: RelyingParty,
  passkey: PasskeyRow,
  response: unknown,
  challenge: string,
  requireUserVerification: boolean,
): Promise<number | null> {
  const { verifyAuthenticationResponse } = await webauthn();
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: bytes(passkey.public_key),
        counter: Number(passkey.counter),
        transports: transportsOf(passkey),
      },
      requireUserVerification,
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
