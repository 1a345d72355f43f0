// Personal access tokens: "memos_pat_" and 256 random bits; only their sha256 reaches the database.
import { randomBytes } from "node:crypto";
import { ACCESS_TOKEN_PREFIX } from "@memos/common";
import { hashToken } from "./session.js";

export function newAccessToken(): { token: string; tokenHash: string } {
  const token = `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { token, tokenHash: hashToken(token) };
}

export const isAccessToken = (value: string): boolean => value.startsWith(ACCESS_TOKEN_PREFIX);

/** A token's last use is written at most this often, so a busy script does not write on every request. */
export const LAST_USED_RESOLUTION_SECONDS = 60;
