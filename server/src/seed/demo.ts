// Demo data for `--mode demo` and `--mode dev` on an empty database: a host, two members and a dozen
// memos that show tags, todos, code, links, an image and every visibility. Written through the services,
// so it follows the same rules as any client.
import { randomUUID } from "node:crypto";
import type { Visibility } from "@memos/common";
import { hashPassword } from "../auth/password.js";
import type { Actor, AppContext } from "../context.js";
import { createMemo, pinMemo } from "../services/memo.service.js";
import { uploadResource } from "../services/resource.service.js";
import { createShortcut } from "../services/shortcut.service.js";
import { upsertSetting } from "../services/system.service.js";
import type { DatabaseHandle } from "../store/db.js";
import { createUser, hasAnyUser } from "../store/sql/user.store.js";
import { encodePng } from "./png.js";

const DEMO_PASSWORD = "secret";

async function addUser(store: DatabaseHandle, username: string, nickname: string, role: "HOST" | "USER", email = ""): Promise<Actor> {
  const user = await createUser(store.db, {
    username,
    nickname,
    role,
    email,
    password_hash: await hashPassword(DEMO_PASSWORD),
    open_id: randomUUID(),
  });
  return { id: user.id, role: user.role, username, via: "token", sessionId: null };
}

const HOUR = 3600;

/** `config` says where the demo image goes (`--storage`). */
export async function seedDemoData(store: DatabaseHandle, config: AppContext["config"]): Promise<boolean> {
  if (await hasAnyUser(store.db)) return false;
  const ctx: AppContext = { store, config };
  const host = await addUser(store, "demohero", "Demo Hero", "HOST", "demo@usememos.com");
  const jack = await addUser(store, "jack", "Jack", "USER");
  const bob = await addUser(store, "bob", "Bob", "USER");
  await upsertSetting(ctx, host, { name: "allowSignUp", value: "true" });

  const now = Math.floor(Date.now() / 1000);
  const image = await uploadResource(ctx, host, {
    filename: "sunrise.png",
    type: "image/png",
    data: encodePng(320, 160, (x, y) => [255 - Math.floor(y * 0.8), 140 + Math.floor(x / 4), 60 + Math.floor(y / 2)]),
  });

  const memos: Array<[Actor, string, Visibility, number, number[]?]> = [
    [host, "#Hello 👋 Welcome to memos.\n\nA memo is a short note: write, tag, pin, share.", "PRIVATE", 30],
    [host, "#TODO this week\n- [x] Set up memos\n- [ ] Invite the team\n- [ ] Write the first #project/launch notes", "PROTECTED", 28],
    [host, `A morning worth keeping #photo\n\n![sunrise](/o/r/${image.id}/sunrise.png)`, "PUBLIC", 26, [image.id]],
    [host, "Read later: [memos on GitHub](https://github.com/usememos/memos) and https://www.sqlite.org/fts5.html #reading", "PUBLIC", 24],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a code sample, shown as written
    [
      host,
      '```ts\nconst greet = (name: string) => `Hello, ${name}!`;\nconsole.log(greet("memos"));\n```\nA snippet worth keeping. #code',
      "PUBLIC",
      20,
    ],
    [host, "## Meeting notes #project/launch\n1. Pick a date\n2. Write the announcement\n> Ship small, ship often.", "PROTECTED", 16],
    [host, "**Bold**, *italic*, ~~struck~~ and `inline code` all work. #markdown", "PUBLIC", 12],
    [host, "An idea to come back to: a daily review every evening. #idea", "PRIVATE", 6],
    [jack, "- [ ] Buy coffee beans\n- [ ] Call the plumber #home", "PROTECTED", 22],
    [jack, "三人行，必有我师焉！👨‍🏫 #quote", "PUBLIC", 18],
    [bob, "Trying memos for my reading list #reading\n- *The Pragmatic Programmer*", "PUBLIC", 10],
    [bob, "Private note: remember the spare key. #home", "PRIVATE", 4],
  ];
  const created = [];
  for (const [actor, content, visibility, hoursAgo, resourceIdList] of memos) {
    created.push(await createMemo(ctx, actor, { content, visibility, createdTs: now - hoursAgo * HOUR, resourceIdList }));
  }
  await pinMemo(ctx, host, created[0]!.id, { pinned: true });
  await pinMemo(ctx, host, created[2]!.id, { pinned: true });
  await createShortcut(ctx, host, {
    title: "inbox",
    payload: JSON.stringify([{ type: "TYPE", value: { operator: "IS", value: "NOT_TAGGED" }, relation: "AND" }]),
  });
  return true;
}
