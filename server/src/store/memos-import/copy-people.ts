// Accounts and what belongs to them: users (their bcrypt hashes kept, so old passwords sign in; their avatars when
// memos kept a PNG, JPEG, GIF or WebP data: URL as our avatars take it), preferences, saved
// views, personal access tokens (0.26+: they keep working), webhooks; what we cannot take (older JWT tokens) is told
// in the tally. Identity providers and their links: copy-sign-in.ts.
import { randomBytes, randomUUID } from "node:crypto";
import { type APPEARANCES, LOCALES, type Role, readAvatarDataUrl, usernameKey, type Visibility, WEBHOOK_EVENTS } from "@memos/common";
import type { Db } from "../db.js";
import { saveUserAvatar } from "../sql/user-avatar.store.js";
import { allRows, type ConversionTally, jsonObject, type Source, secondsOf, textOf } from "./source.js";

interface MemosUser {
  id: number;
  created_ts: number;
  updated_ts: number;
  row_status: "NORMAL" | "ARCHIVED";
  username: string;
  role: string;
  email: string;
  nickname: string;
  password_hash: string;
  avatar_url: string;
  description: string;
}

interface MemosUserSetting {
  user_id: number;
  key: string;
  value: unknown;
}

/**
 * Our host: memos' HOST when there is one; 0.26 on rewrote HOST as ADMIN, so then the first active admin (the
 * account that set the instance up) is the host again.
 */
function hostId(users: MemosUser[]): number | undefined {
  const active = users.filter((user) => user.row_status === "NORMAL").sort((a, b) => a.id - b.id);
  return (active.find((user) => user.role === "HOST") ?? active.find((user) => user.role === "ADMIN"))?.id;
}

export async function copyUsers(tx: Db, source: Source, tally: ConversionTally): Promise<void> {
  const users = await allRows<MemosUser>(source, "user");
  const host = hostId(users);
  const keys = new Set<string>();
  let descriptions = 0;
  let avatarsLeft = 0;
  for (const user of users.sort((a, b) => a.id - b.id)) {
    const key = usernameKey(user.username);
    const avatar = user.avatar_url === "" ? null : readAvatarDataUrl(user.avatar_url);
    const avatarTs = avatar?.ok ? secondsOf(user.updated_ts) : null;
    const role: Role = user.id === host ? "HOST" : user.role === "ADMIN" || user.role === "HOST" ? "ADMIN" : "USER";
    await tx
      .insertInto("user")
      .values({
        id: Number(user.id),
        created_ts: secondsOf(user.created_ts),
        updated_ts: secondsOf(user.updated_ts),
        row_status: user.row_status,
        username: user.username,
        role,
        email: user.email,
        nickname: user.nickname,
        password_hash: user.password_hash,
        open_id: randomUUID(),
        // memos 0.30 compares names byte for byte: a second name differing only by case keeps no key (as v0.10's did).
        username_key: keys.has(key) ? null : key,
        avatar_ts: avatarTs,
      })
      .execute();
    keys.add(key);
    if (avatar?.ok)
      await saveUserAvatar(tx, Number(user.id), { mimeType: avatar.mimeType, bytes: Buffer.from(avatar.bytes), updatedTs: avatarTs! });
    else if (avatar) avatarsLeft++;
    if (user.description !== "") descriptions++;
    tally.add("users");
  }
  if (descriptions > 0) tally.leave(`${descriptions} users' description (we keep none; set the nickname instead)`);
  if (avatarsLeft > 0)
    tally.leave(`${avatarsLeft} users' avatar that is not a PNG, JPEG, GIF or WebP data: URL of at most 256 KiB (set it again)`);
}

const THEMES: Record<string, (typeof APPEARANCES)[number]> = {
  system: "system",
  light: "light",
  default: "light",
  paper: "light",
  dark: "dark",
  "default-dark": "dark",
};

/** A memos locale (`fr`, `zh-Hans`) as one of ours, or undefined. */
function localeOf(locale: string): string | undefined {
  const base = locale.split(/[-_]/)[0]!.toLowerCase();
  return (LOCALES as readonly string[]).includes(base) ? base : undefined;
}

const visibilityOf = (value: string): Visibility | undefined =>
  value === "PUBLIC" || value === "PROTECTED" || value === "PRIVATE" ? value : undefined;

/** Preferences as our settings: from 0.22 … 0.24's LOCALE/APPEARANCE/MEMO_VISIBILITY rows or 0.25 on's GENERAL. */
function preferencesOf(settings: MemosUserSetting[], source: Source): Array<[string, string | undefined]> {
  if (source.shape.preferencesFrom === "split") {
    const raw = (key: string) => textOf(settings.find((setting) => setting.key === key)?.value);
    return [
      ["locale", localeOf(raw("LOCALE"))],
      ["appearance", THEMES[raw("APPEARANCE")]],
      ["memoVisibility", visibilityOf(raw("MEMO_VISIBILITY"))],
    ];
  }
  const general = jsonObject(settings.find((setting) => setting.key === "GENERAL")?.value);
  return [
    ["locale", localeOf(textOf(general.locale))],
    ["appearance", THEMES[textOf(general.theme) || textOf(general.appearance)]],
    ["memoVisibility", visibilityOf(textOf(general.memoVisibility))],
  ];
}

/** A saved view's CEL filter as our shortcut payload: one tag becomes our tag filter, the rest is kept as CEL. */
function shortcutPayloadOf(filter: string): { payload: string; converted: boolean } {
  const tag = /^\s*tag\s+in\s+\[\s*"([^"\\]+)"\s*\]\s*$/.exec(filter);
  if (tag)
    return { payload: JSON.stringify([{ type: "TAG", value: { operator: "CONTAIN", value: tag[1] }, relation: "AND" }]), converted: true };
  return { payload: JSON.stringify({ filter }), converted: false };
}

interface MemosWebhook {
  creatorId: number;
  name: string;
  url: string;
  secret: string;
}

export async function copyUserSettings(tx: Db, source: Source, tally: ConversionTally, now: number): Promise<void> {
  const all = await allRows<MemosUserSetting>(source, "user_setting");
  const byUser = new Map<number, MemosUserSetting[]>();
  for (const setting of all) byUser.set(Number(setting.user_id), [...(byUser.get(Number(setting.user_id)) ?? []), setting]);
  const webhooks: MemosWebhook[] = [];
  let jwts = 0;
  let celViews = 0;
  let tagStyles = 0;
  for (const [userId, settings] of byUser) {
    for (const [key, value] of preferencesOf(settings, source)) {
      if (value === undefined) continue;
      await tx
        .insertInto("user_setting")
        .values({ user_id: userId, key, value: JSON.stringify(value) })
        .execute();
      tally.add("user settings");
    }
    const views = source.shape.viewsKey ? jsonObject(settings.find((setting) => setting.key === source.shape.viewsKey!.key)?.value) : {};
    for (const view of (views[source.shape.viewsKey?.field ?? ""] as Array<Record<string, unknown>> | undefined) ?? []) {
      const { payload, converted } = shortcutPayloadOf(textOf(view.filter));
      if (!converted) celViews++;
      await tx
        .insertInto("shortcut")
        .values({ creator_id: userId, created_ts: now, updated_ts: now, title: textOf(view.title) || textOf(view.id), payload })
        .execute();
      tally.add("shortcuts");
    }
    for (const setting of settings) {
      const value = jsonObject(setting.value);
      if (setting.key === "ACCESS_TOKENS") jwts += ((value.accessTokens as unknown[] | undefined) ?? []).length;
      if (setting.key === "PERSONAL_ACCESS_TOKENS")
        for (const token of (value.tokens as Array<Record<string, unknown>> | undefined) ?? [])
          await copyToken(tx, userId, token, now, tally);
      if (setting.key === "TAGS") tagStyles++;
      if (setting.key === "WEBHOOKS")
        for (const hook of (value.webhooks as Array<Record<string, unknown>> | undefined) ?? [])
          webhooks.push({ creatorId: userId, name: textOf(hook.title), url: textOf(hook.url), secret: textOf(hook.signingSecret) });
    }
  }
  if (source.shape.webhooksFrom === "table") {
    const rows = await allRows<{ creator_id: number; name: string; url: string; row_status: string }>(source, "webhook");
    for (const row of rows)
      if (row.row_status === "NORMAL") webhooks.push({ creatorId: Number(row.creator_id), name: row.name, url: row.url, secret: "" });
  }
  for (const hook of webhooks) {
    await tx
      .insertInto("webhook")
      .values({
        user_id: hook.creatorId,
        name: hook.name || hook.url,
        url: hook.url,
        // memos signed nothing before 0.31: a new secret, which the receiver may start checking.
        secret: hook.secret || randomBytes(24).toString("hex"),
        events: JSON.stringify(WEBHOOK_EVENTS),
        created_ts: now,
        updated_ts: now,
      })
      .execute();
    tally.add("webhooks");
  }
  if (jwts > 0)
    tally.leave(`${jwts} access tokens of memos before 0.26 (signed JWTs, not ours): make them again in Settings › Access tokens`);
  if (celViews > 0)
    tally.leave(`${celViews} saved views kept with their memos filter (v1 shows it; our web app shows every memo there until edited)`);
  if (tagStyles > 0) tally.leave(`${tagStyles} users' tag colours (TAGS setting)`);
}

/** A protobuf timestamp as JSON (RFC 3339) in Unix seconds, or null. */
function protoSecondsOf(value: unknown): number | null {
  const ms = typeof value === "string" ? Date.parse(value) : Number.NaN;
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

/**
 * A memos 0.26+ personal access token: `memos_pat_…` whose SHA-256 (hex) memos keeps, as we do, so the token itself
 * keeps working here. Read and write, as memos' tokens were.
 */
async function copyToken(tx: Db, userId: number, token: Record<string, unknown>, now: number, tally: ConversionTally): Promise<void> {
  const hash = textOf(token.tokenHash);
  if (!/^[0-9a-f]{64}$/.test(hash)) return;
  const expires = protoSecondsOf(token.expiresAt);
  if (expires !== null && expires <= now) return;
  await tx
    .insertInto("access_token")
    .values({
      user_id: userId,
      name: textOf(token.description) || `memos token ${textOf(token.tokenId)}`,
      token_hash: hash,
      scope: "read-write",
      created_ts: protoSecondsOf(token.createdAt) ?? now,
      expires_ts: expires,
      last_used_ts: protoSecondsOf(token.lastUsedAt),
    })
    .execute();
  // Named without "token": the log redacts values under such names, and a count is no credential.
  tally.add("PATs");
}
