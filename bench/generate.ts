// Bench data: users with a realistic mix of memos, bulk-inserted in large transactions (multi-row INSERTs of
// 500 rows), so 1k memos load in a moment, 100k in seconds and 1M in a few minutes.
// - Words: a Zipf-like vocabulary (a few common words, a long tail of rare ones), CJK, words with diacritics.
// - Users: the measured one (bench1, whom the bench signs in as) writes half of the memos, the others share the rest.
// - Tags: common and rare, nested (work/project), CJK; to-do lists and links; every visibility.
// - About 2% archived; each user pins a handful of memos, whatever the size.
// - Planted, the same number at every size, spread evenly over the history (so rarer the larger the collection):
//   the rare tag `bench/rare` and PLANTED archived memos among the measured user's memos, and the rare word
//   `zymurgy` in PLANTED public memos. Every case of the bench then answers a full page at every size, and the
//   sizes compare the same work.
// - Time: the newest RECENT memos fall in the last 12 weeks at every size, older ones spread over the five
//   years before, so the heat map's window holds the same memos at 1k and at 1M (the answer grows with the
//   window, not the collection).
import { randomUUID } from "node:crypto";
import { extractTags, type Visibility } from "@memos/common";
import { sql } from "kysely";
import { hashPassword } from "../server/src/auth/password.js";
import type { DatabaseHandle } from "../server/src/store/db.js";
import { createUser } from "../server/src/store/sql/user.store.js";

const COMMON = "the a note idea meeting plan coffee book travel code review today tomorrow".split(" ");
const MEDIUM = "garden music recipe budget draft release invoice design sprint retro lunch call deploy".split(" ");
const RARE = "quokka kerfuffle syzygy palimpsest obelisk marzipan fjord lodestar ziggurat".split(" ");
const CJK = "日本語 学习 会议 咖啡 旅行 読書 계획 메모".split(" ");
const DIACRITICS = "café naïve Zürich façade São Ångström crème déjà señor Ødegaard".split(" ");
const COMMON_TAGS = ["work", "work/project", "home", "idea", "todo", "reading"];
const RARE_TAGS = ["travel/2026", "日本", "health/run", "café"];
const VISIBILITIES: Visibility[] = ["PRIVATE", "PRIVATE", "PROTECTED", "PUBLIC"];

/** Memos that fall in the heat map's 12 weeks, at every size. */
export const RECENT = 800;
const WINDOW_SECONDS = 84 * 86_400;
const HISTORY_SECONDS = 5 * 365 * 86_400;
const PINS_PER_USER = 5;
/** Changes whenever the data a seed generates changes, so kept data sets of an older generator are not reused. */
export const GENERATOR_VERSION = 3;
/** How many memos carry each planted feature, at every size. */
export const PLANTED = 40;
const BATCH = 500;
const BATCHES_PER_TRANSACTION = 40;

/** A deterministic pseudo-random stream (mulberry32), so every run loads the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function word(next: () => number): string {
  const roll = next();
  const list = roll < 0.55 ? COMMON : roll < 0.85 ? MEDIUM : roll < 0.92 ? CJK : roll < 0.98 ? DIACRITICS : RARE;
  return list[Math.floor(next() * list.length)]!;
}

function content(n: number, next: () => number, planted: { rareTag: boolean; rareWord: boolean }): string {
  const words = Array.from({ length: 6 + Math.floor(next() * 30) }, () => word(next));
  if (planted.rareWord) words.splice(Math.floor(next() * words.length), 0, "zymurgy");
  const tagRoll = next();
  const tag = planted.rareTag
    ? " #bench/rare"
    : tagRoll < 0.3
      ? ` #${COMMON_TAGS[Math.floor(next() * COMMON_TAGS.length)]}`
      : tagRoll < 0.33
        ? ` #${RARE_TAGS[Math.floor(next() * RARE_TAGS.length)]}`
        : "";
  const todo = next() < 0.15 ? "\n- [ ] follow up\n- [x] started" : "";
  const link = next() < 0.08 ? `\n[ref](https://example.com/${n})` : "";
  return `${words.join(" ")}${tag}${todo}${link}`;
}

/** Whether the i-th of `total` items is one of `count` spread evenly over them (each with a different offset). */
const isPlanted = (i: number, total: number, count: number, offset: number): boolean => {
  const stride = Math.max(1, Math.floor(total / count));
  return i % stride === offset % stride && i < stride * count;
};

/** Display time of the n-th newest memo (n = 0 is the newest). */
function timeOf(n: number, total: number, now: number): number {
  if (n < RECENT) return now - Math.floor(((n + 1) * WINDOW_SECONDS) / (RECENT + 1));
  const older = Math.max(1, total - RECENT);
  return now - WINDOW_SECONDS - Math.floor(((n - RECENT + 1) * HISTORY_SECONDS) / (older + 1));
}

export interface GeneratedData {
  userIds: number[];
  password: string;
}

async function createUsers(store: DatabaseHandle, users: number, password: string): Promise<number[]> {
  const passwordHash = await hashPassword(password);
  const userIds: number[] = [];
  for (let u = 0; u < users; u++) {
    // Through the store's own insert, which keeps what a sign-up keeps (the name's lookup key v1 filters use).
    const row = await createUser(store.db, {
      username: `bench${u}`,
      nickname: `Bench ${u}`,
      role: u === 0 ? "HOST" : "USER",
      password_hash: passwordHash,
      open_id: randomUUID(),
    });
    userIds.push(row.id);
  }
  return userIds;
}

const PASSWORD = "bench-pass";

/** The users of a data set generated earlier (kept with `--keep`). */
export async function generatedData(store: DatabaseHandle): Promise<GeneratedData> {
  const rows = await store.db.selectFrom("user").select("id").where("username", "like", "bench%").orderBy("id").execute();
  return { userIds: rows.map((row) => row.id), password: PASSWORD };
}

export async function generate(store: DatabaseHandle, users: number, memos: number): Promise<GeneratedData> {
  const password = PASSWORD;
  const userIds = await createUsers(store, users, password);
  const others = userIds.filter((_, i) => i !== 1);
  const now = Math.floor(Date.now() / 1000);
  const next = random(42);
  // A GIN trigram index is far cheaper built once over the loaded rows than kept up row by row.
  const trigram = await dropTrigramIndex(store);
  // Oldest first, so ids grow with time as in a real instance.
  const step = BATCH * BATCHES_PER_TRANSACTION;
  for (let start = 0; start < memos; start += step) {
    await store.db.transaction().execute(async (tx) => {
      for (let offset = start; offset < Math.min(memos, start + step); offset += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, memos - offset) }, (_, i) => {
          const n = offset + i;
          const ts = timeOf(memos - 1 - n, memos, now);
          // Even memos are the measured user's (k-th of theirs), odd ones the others' in turn.
          const own = n % 2 === 0;
          const k = n >> 1;
          const mine = Math.ceil(memos / 2);
          const rareWord = isPlanted(n, memos, PLANTED, 1);
          const text = content(n, next, { rareTag: own && isPlanted(k, mine, PLANTED, 2), rareWord });
          const visibility = rareWord ? "PUBLIC" : VISIBILITIES[Math.floor(next() * VISIBILITIES.length)]!;
          const archived = own ? isPlanted(k, mine, PLANTED, 3) : next() < 0.02;
          return {
            creator_id: own ? userIds[1]! : others[k % others.length]!,
            content: text,
            visibility,
            row_status: archived ? ("ARCHIVED" as const) : ("NORMAL" as const),
            created_ts: ts,
            updated_ts: ts,
            display_ts: ts,
          };
        });
        const inserted = await tx.insertInto("memo").values(rows).returning(["id", "content"]).execute();
        const tags = inserted.flatMap((memo) => extractTags(memo.content).map((tag) => ({ memo_id: memo.id, tag })));
        if (tags.length > 0) await tx.insertInto("memo_tag").values(tags).execute();
      }
    });
  }
  if (trigram) await sql.raw(trigram).execute(store.db);
  await pinAndListTags(store, userIds, memos);
  return { userIds, password };
}

/** On PostgreSQL, drops the full-text index (migration 005) and answers the statement that recreates it. */
async function dropTrigramIndex(store: DatabaseHandle): Promise<string | null> {
  if (store.engine !== "postgres") return null;
  const found = await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes WHERE indexname = 'idx_memo_content_trgm'`.execute(
    store.db,
  );
  const definition = found.rows[0]?.indexdef;
  if (!definition) return null;
  await sql`DROP INDEX idx_memo_content_trgm`.execute(store.db);
  return definition;
}

/** Each user pins a few memos spread over their history, and lists the tags they use (as saving a memo does). */
async function pinAndListTags(store: DatabaseHandle, userIds: number[], memos: number): Promise<void> {
  await store.db.transaction().execute(async (tx) => {
    const pins: Array<{ memo_id: number; user_id: number; pinned: number }> = [];
    for (const userId of userIds) {
      const own = await tx
        .selectFrom("memo")
        .select(sql<number>`COUNT(*)`.as("n"))
        .where("creator_id", "=", userId)
        .executeTakeFirstOrThrow();
      const count = Number(own.n);
      for (let p = 0; p < Math.min(PINS_PER_USER, count); p++) {
        const row = await tx
          .selectFrom("memo")
          .select("id")
          .where("creator_id", "=", userId)
          .orderBy("id")
          .offset(Math.floor((p * count) / PINS_PER_USER))
          .limit(1)
          .executeTakeFirst();
        if (row) pins.push({ memo_id: row.id, user_id: userId, pinned: 1 });
      }
    }
    if (pins.length > 0 && memos > 0) await tx.insertInto("memo_organizer").values(pins).execute();
    await sql`INSERT INTO tag (name, creator_id) SELECT tag, creator_id FROM memo_tag_count WHERE n > 0`.execute(tx);
  });
}
