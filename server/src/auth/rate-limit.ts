// Sign-in throttling that an attacker cannot turn against the people they attack. Failures are counted within
// a 15-minute window, in the database so every instance agrees, under three rules:
//
// 1. Pair: 10 failures for one (account, client address) pair → 429 for that pair only.
// 2. Address: 100 failures from one address across all accounts → 429 for that address (password spraying),
//    while a household or an office behind one address keeps working.
// 3. Account under attack: once an account has 50 failures from any addresses, an address that itself has
//    3 failures for that account is refused (instead of 10), so each guessing address gets 3 tries per window.
//    An address with no failures for the account is never refused by this rule: the owner signing in from
//    their usual, clean address gets in. (No sleeps: they tie up connections and slow no one who sends in
//    parallel; the smaller allowance per address is the slow-down.)
//
// The checks run before the password is looked at, so a 429 is the same whether it was right or not. A
// success clears its pair's failures. Keys are truncated sha256 hashes of the username (ignoring case) and of
// the address (an IPv6 address counts by its /64, which one client usually holds whole): bounded, never the
// raw input.
import { createHash } from "node:crypto";
import { usernameKey } from "@memos/common";
import { isIPv6 } from "node:net";
import { tooManyRequests } from "../errors.js";
import type { Db } from "../store/db.js";
import {
  clearPairFailures,
  countFailures,
  type FailureKeys,
  type FailureScope,
  nthFailureTs,
  pruneFailures,
  recordFailure,
} from "../store/sql/auth-failure.store.js";
import { nowSeconds } from "../store/time.js";

const WINDOW_SECONDS = 15 * 60;
const PAIR_LIMIT = 10;
const ADDRESS_LIMIT = 100;
const ACCOUNT_ATTACK_THRESHOLD = 50;
const PAIR_LIMIT_UNDER_ATTACK = 3;
/** Hex characters kept of each sha256 key (128 bits). */
const KEY_LENGTH = 32;

const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, KEY_LENGTH);

/** The /64 network of an IPv6 address ("2001:db8:0:1::/64"); IPv4 (also IPv4-mapped IPv6) as it is. */
export function addressBucket(ip: string): string {
  const bare = ip.split("%")[0]!.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!;
  if (!isIPv6(bare)) return bare;
  const groups = (part: string) => (part === "" ? [] : part.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group])));
  const [head = "", tail] = bare.split("::");
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return `${all
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}

/**
 * Usernames are counted case- and width-insensitively (NFKC, lower case), so `Host` and `ＨＯＳＴ` do not
 * buy an attacker fresh attempts against `host`.
 */
export const failureKeys = (username: string, address: string): FailureKeys => ({
  account: digest(`account:${usernameKey(username)}`),
  address: addressKey("address", address),
});

/**
 * What a count of one client address's doings (`purpose`: failed sign-ins, client registrations, sign-on flows) is
 * kept under: the hash of its bucket, so a table of counts holds no address.
 */
export const addressKey = (purpose: string, address: string) => digest(`${purpose}:${addressBucket(address)}`);

/**
 * Seconds until a scope holding `count` failures drops below `limit`: until its (count - limit + 1)-th
 * oldest failure leaves the window. At least 1.
 */
async function secondsUntilBelow(db: Db, scope: FailureScope, since: number, now: number, count: number, limit: number): Promise<number> {
  const ts = await nthFailureTs(db, scope, since, count - limit);
  return Math.max(1, (ts ?? now) + WINDOW_SECONDS - now);
}

/** The wait in seconds if the attempt must be refused, else null. */
async function throttleWait(db: Db, username: string, address: string): Promise<number | null> {
  const keys = failureKeys(username, address);
  const now = nowSeconds();
  const since = now - WINDOW_SECONDS;
  const waits: number[] = [];

  const fromAddress = await countFailures(db, { address: keys.address }, since);
  if (fromAddress >= ADDRESS_LIMIT) {
    waits.push(await secondsUntilBelow(db, { address: keys.address }, since, now, fromAddress, ADDRESS_LIMIT));
  }
  const pair = await countFailures(db, keys, since);
  if (pair >= PAIR_LIMIT) {
    waits.push(await secondsUntilBelow(db, keys, since, now, pair, PAIR_LIMIT));
  }
  if (pair >= PAIR_LIMIT_UNDER_ATTACK) {
    const onAccount = await countFailures(db, { account: keys.account }, since);
    if (onAccount >= ACCOUNT_ATTACK_THRESHOLD) {
      // Refused until this address is back under 3 or the account under 50, whichever comes first.
      waits.push(
        Math.min(
          await secondsUntilBelow(db, keys, since, now, pair, PAIR_LIMIT_UNDER_ATTACK),
          await secondsUntilBelow(db, { account: keys.account }, since, now, onAccount, ACCOUNT_ATTACK_THRESHOLD),
        ),
      );
    }
  }
  return waits.length > 0 ? Math.max(...waits) : null;
}

export async function assertNotThrottled(db: Db, username: string, address: string): Promise<void> {
  const wait = await throttleWait(db, username, address);
  if (wait !== null) throw tooManyRequests("Too many failed sign-in attempts, please try again later", wait);
}

export async function recordFailedSignIn(db: Db, username: string, address: string): Promise<void> {
  const now = nowSeconds();
  await recordFailure(db, failureKeys(username, address), now);
  await pruneFailures(db, now - WINDOW_SECONDS);
}

export async function recordSuccessfulSignIn(db: Db, username: string, address: string): Promise<void> {
  await clearPairFailures(db, failureKeys(username, address));
}
