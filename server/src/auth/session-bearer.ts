// A session's short-lived bearer token (the v1 API's `access_token`): `memos_sat_<user id>.<session public id>.<expiry>.<mac>`,
// an HMAC-SHA256 of what precedes the mac under the instance's key. It proves nothing alone: whoever checks it also
// finds the session by its public id (one indexed lookup), so signing out, or a session revoked from another one,
// ends every token of it at once.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "../store/db.js";
import { encodeSystemSetting, readSystemSetting } from "../store/sql/settings.js";
import { insertSystemSettingIfMissing, upsertSystemSetting } from "../store/sql/system-setting.store.js";

export const SESSION_BEARER_PREFIX = "memos_sat_";
/** As long as memos' access tokens live: its web client refreshes a little before. */
export const SESSION_BEARER_SECONDS = 15 * 60;
/** A key shorter than this (an empty row of an old instance) is replaced. */
const MIN_SECRET_LENGTH = 32;

export interface SessionBearer {
  userId: number;
  /** The session's public id: its primary key changes when its cookie is refreshed, this never does. */
  sessionPublicId: string;
  /** Unix seconds. */
  expiresTs: number;
}

export const isSessionBearer = (value: string): boolean => value.startsWith(SESSION_BEARER_PREFIX);

const keys = new WeakMap<Db, Promise<Buffer>>();

/** The instance's signing key, made once (any process may be first: the row that lands is the one every process reads). */
async function loadKey(db: Db): Promise<Buffer> {
  let secret = await readSystemSetting(db, "secretSessionName");
  if (secret.length < MIN_SECRET_LENGTH) {
    const row = {
      name: "secretSessionName",
      value: encodeSystemSetting("secretSessionName", randomBytes(32).toString("base64url")),
      description: "",
    };
    if (secret === "") await insertSystemSettingIfMissing(db, row);
    else await upsertSystemSetting(db, row);
    secret = await readSystemSetting(db, "secretSessionName");
  }
  return Buffer.from(secret);
}

/** The key, read once per database handle. */
export function bearerKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

const macOf = (key: Buffer, text: string): string => createHmac("sha256", key).update(text).digest("base64url");

export function signSessionBearer(key: Buffer, bearer: SessionBearer): string {
  const text = `${SESSION_BEARER_PREFIX}${bearer.userId}.${bearer.sessionPublicId}.${bearer.expiresTs}`;
  return `${text}.${macOf(key, text)}`;
}

/** What a token says, when its mac holds; `expired` when it is past its time. Anything else: null. */
export function readSessionBearer(key: Buffer, token: string, now: number): (SessionBearer & { expired: boolean }) | null {
  if (!isSessionBearer(token)) return null;
  const cut = token.lastIndexOf(".");
  if (cut < 0) return null;
  const text = token.slice(0, cut);
  const given = Buffer.from(token.slice(cut + 1));
  const expected = Buffer.from(macOf(key, text));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{1,64})\.(\d{1,15})$/.exec(text.slice(SESSION_BEARER_PREFIX.length));
  if (!match) return null;
  const expiresTs = Number(match[3]);
  return { userId: Number(match[1]), sessionPublicId: match[2]!, expiresTs, expired: expiresTs <= now };
}
