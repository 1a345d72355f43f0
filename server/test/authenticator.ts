// A software passkey authenticator for API tests: an ES256 key pair (node:crypto) per credential, attestation "none",
// authenticator data and COSE keys written by hand in CBOR. It answers the options the server hands out as a
// browser's navigator.credentials.create() / get() would, for the origin it is told.
import { type CBORType, encodeCBOR } from "@levischuck/tiny-cbor";
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

const b64url = (bytes: Uint8Array | Buffer): string => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string): Buffer => createHash("sha256").update(data).digest();

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED = 0x40;

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: "jwk" });
  return encodeCBOR(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  /** Whether it checks its user (PIN, biometrics): the UV flag. */
  userVerified = true;

  constructor(readonly origin: string) {}

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private flags(extra = 0): number {
    return FLAG_USER_PRESENT | (this.userVerified ? FLAG_USER_VERIFIED : 0) | extra;
  }

  /** navigator.credentials.create(): a new credential for `options` (PublicKeyCredentialCreationOptionsJSON). */
  create(options: any, { origin = this.origin }: { origin?: string } = {}) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const credential: SoftCredential = {
      id: randomBytes(16),
      privateKey,
      publicKey,
      rpId: options.rp.id,
      userHandle: options.user.id,
      counter: 0,
    };
    this.credentials.push(credential);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(credential.rpId),
      Buffer.from([this.flags(FLAG_ATTESTED)]),
      counterBytes(0),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credential.id,
      coseKey(publicKey),
    ]);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ["fmt", "none"],
        ["attStmt", new Map<string, CBORType>()],
        ["authData", authData],
      ]),
    );
    return {
      credential,
      response: {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: "public-key",
        response: {
          clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      },
    };
  }

  /**
   * navigator.credentials.get(): the answer of `credential` (the first one by default) to `options`
   * (PublicKeyCredentialRequestOptionsJSON). `counter` overrides the signature counter (a cloned key's replay).
   */
  get(
    options: any,
    {
      credential = this.credentials[0]!,
      origin = this.origin,
      counter,
    }: { credential?: SoftCredential; origin?: string; counter?: number } = {},
  ) {
    credential.counter = counter ?? credential.counter + 1;
    const authData = Buffer.concat([
      sha256(options.rpId ?? credential.rpId),
      Buffer.from([this.flags()]),
      counterBytes(credential.counter),
    ]);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, origin);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}

/** Adds a passkey named `name` to `client`'s account through the API; the credential it made. */
export async function addPasskey(
  client: { post: (url: string, body?: unknown) => Promise<{ status: number; text: string; body: any }> },
  authenticator: SoftAuthenticator,
  name = "Laptop",
): Promise<{ credential: SoftCredential; passkey: { id: number; name: string } }> {
  const options = await client.post("/api/auth/passkey/registration-options");
  if (options.status !== 200) throw new Error(`registration options: ${options.text}`);
  const { credential, response } = authenticator.create(options.body.data.options);
  const added = await client.post("/api/auth/passkey/registration", { challengeId: options.body.data.challengeId, name, response });
  if (added.status !== 200) throw new Error(`registration: ${added.text}`);
  return { credential, passkey: added.body.data };
}
