// Bench data: users with a realistic mix of memos (tags, todos, links, CJK text, every visibility),
// written in batches straight through the store so large sets load in seconds.
import { randomUUID } from "node:crypto";
import { extractTags, type Visibility } from "@memos/common";
import { hashPassword } from "../server/src/auth/password.js";
import type { DatabaseHandle } from "../server/src/store/db.js";

const WORDS = "note idea meeting plan coffee book travel code review garden music 日本語 学习 recipe budget draft".split(" ");
const TAGS = ["work", "work/project", "home", "reading", "idea", "todo", "travel/2026", "日本"];
const VISIBILITIES: Visibility[] = ["PUBLIC", "PROTECTED", "PRIVATE"];

function pick<T>(list: T[], n: number): T {
  return list[n % list.length]!;
}

function content(n: number): string {
  const words = Array.from({ length: 8 + (n % 20) }, (_, i) => pick(WORDS, n * 7 + i * 13)).join(" ");
  const tag = n % 3 === 0 ? ` #${pick(TAGS, n)}` : "";
  const todo = n % 5 === 0 ? "\n- [ ] follow up\n- [x] started" : "";
  const link = n % 11 === 0 ? `\n[ref](https://example.com/${n})` : "";
  return `${words}${tag}${todo}${link}`;
}

export interface GeneratedData {
  userIds: number[];
  password: string;
}

export async function generate(store: DatabaseHandle, users: number, memos: number): Promise<GeneratedData> {
  const password = "bench-pass";
  const passwordHash = await hashPassword(password);
  const userIds: number[] = [];
  for (let u = 0; u < users; u++) {
    const row = await store.db
      .insertInto("user")
      .values({ username: `bench${u}`, nickname: `Bench ${u}`, role: u === 0 ? "HOST" : "USER", password_hash: passwordHash, open_id: randomUUID() })
      .returning("id")
      .executeTakeFirstOrThrow();
    userIds.push(row.id);
  }
  const start = Math.floor(Date.now() / 1000) - memos * 60;
  const BATCH = 500;
  for (let offset = 0; offset < memos; offset += BATCH) {
    await store.db.transaction().execute(async (tx) => {
      const rows = Array.from({ length: Math.min(BATCH, memos - offset) }, (_, i) => {
        const n = offset + i;
        return {
          creator_id: pick(userIds, n),
          content: content(n),
          visibility: pick(VISIBILITIES, n),
          row_status: n % 50 === 0 ? ("ARCHIVED" as const) : ("NORMAL" as const),
          created_ts: start + n * 60,
          updated_ts: start + n * 60,
          display_ts: start + n * 60,
        };
      });
      const inserted = await tx.insertInto("memo").values(rows).returning(["id", "content"]).execute();
      const tags = inserted.flatMap((memo) => extractTags(memo.content).map((tag) => ({ memo_id: memo.id, tag })));
      if (tags.length > 0) await tx.insertInto("memo_tag").values(tags).execute();
      const pins = inserted.filter((memo) => memo.id % 97 === 0);
      for (const memo of pins) {
        const creator = rows[inserted.indexOf(memo)]!.creator_id;
        await tx.insertInto("memo_organizer").values({ memo_id: memo.id, user_id: creator, pinned: 1 }).execute();
      }
    });
  }
  return { userIds, password };
}
