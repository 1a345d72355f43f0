// Who sees a user's secrets: every route that answers with a user, for each role acting on each other role.
// The openId is an access token: it reaches its owner only (`/api/user/me`, their own PATCH, sign-in). The email
// reaches the owner, and the administrators who may manage them, in answers about that one account.
import type { Role } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../client.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

type Name = "host" | "admin" | "admin2" | "member" | "member2";
const NAMES: Name[] = ["host", "admin", "admin2", "member", "member2"];
const ROLE: Record<Name, Role> = { host: "HOST", admin: "ADMIN", admin2: "ADMIN", member: "USER", member2: "USER" };
type Caller = Name | "anon";

/** What one answer about `target` revealed to `caller`. */
interface Seen {
  email: boolean;
  openId: boolean;
}

let t: TestApp;
const users = {} as Record<Name, TestUser>;
const emailOf = (name: Name) => `${name}-private@example.com`;
/** Each user's current openId, read from the database (it changes when a test rotates it). */
async function openIdOf(name: Name): Promise<string> {
  const row = await t.ctx.store.db.selectFrom("user").select("open_id").where("id", "=", users[name].user.id).executeTakeFirstOrThrow();
  return row.open_id;
}
const clientOf = (caller: Caller): Client => (caller === "anon" ? anonymous(t) : users[caller].client);

async function seenIn(text: string, target: Name): Promise<Seen> {
  return { email: text.includes(emailOf(target)), openId: text.includes(await openIdOf(target)) };
}

/** May `caller` manage `target` (the PATCH rule): self, or an admin acting on anyone but the host. */
function manages(caller: Caller, target: Name): boolean {
  if (caller === "anon") return false;
  if (caller === target) return true;
  if (ROLE[caller] === "USER") return false;
  return ROLE[target] !== "HOST" || ROLE[caller] === "HOST";
}

beforeAll(async () => {
  t = await createTestApp();
  users.host = await signUpHost(t, "host");
  for (const name of NAMES.slice(1)) users[name] = await createUser(t, users.host, name, ROLE[name] as "USER" | "ADMIN");
  for (const name of NAMES) {
    expect((await users[name].client.patch(`/api/user/${users[name].user.id}`, { email: emailOf(name) })).status).toBe(200);
    await createMemo(users[name], `public memo of ${name}`, "PUBLIC");
  }
});
afterAll(() => t.close());

describe("PATCH /api/user/:id answers", () => {
  for (const caller of NAMES) {
    for (const target of NAMES) {
      const allowed = manages(caller, target);
      const expected: Seen = { email: allowed, openId: caller === target };
      it(`${caller} → ${target}: ${allowed ? `200 with email, ${caller === target ? "with" : "without"} openId` : "403, nothing"}`, async () => {
        const response = await clientOf(caller).patch(`/api/user/${users[target].user.id}`, {});
        expect(response.status).toBe(allowed ? 200 : 403);
        expect(await seenIn(response.text, target)).toEqual(allowed ? expected : { email: false, openId: false });
        if (allowed) expect(response.body.data.openId === "").toBe(caller !== target);
        // A change that means something (a nickname) answers the same way.
        if (allowed) {
          const renamed = await clientOf(caller).patch(`/api/user/${users[target].user.id}`, { nickname: `${target} by ${caller}` });
          expect(await seenIn(renamed.text, target)).toEqual(expected);
        }
      });
    }
  }
});

describe("answers that list users or show them beside content carry no secret, whoever asks", () => {
  const callers: Caller[] = ["anon", ...NAMES];
  for (const caller of callers) {
    it(`${caller}: GET /api/user, /api/user/:id, /api/status, memo creators, feeds`, async () => {
      const client = clientOf(caller);
      const urls = [
        "/api/status",
        "/api/memo/all",
        "/explore/rss.xml",
        ...NAMES.flatMap((name) => [
          `/api/user/${users[name].user.id}`,
          `/api/memo?creatorId=${users[name].user.id}`,
          `/u/${users[name].user.id}/rss.xml`,
        ]),
      ];
      if (caller !== "anon") urls.push("/api/user");
      for (const url of urls) {
        const response = await client.get(url);
        expect(response.status, url).toBe(200);
        for (const target of NAMES) {
          expect(await seenIn(response.text, target), `${url} about ${target}`).toEqual({ email: false, openId: false });
        }
      }
      // A pin answers with the memo and its creator.
      if (caller !== "anon") {
        const memo = await createMemo(users.member, `pinned by ${caller}`, "PUBLIC");
        const pinned = await client.post(`/api/memo/${memo.id}/organizer`, { pinned: true });
        expect(pinned.status).toBe(200);
        expect(await seenIn(pinned.text, "member")).toEqual({ email: false, openId: false });
      }
    });
  }

  it("GET /api/user/me shows each user their own email and openId, and nobody else's", async () => {
    for (const name of NAMES) {
      const response = await users[name].client.get("/api/user/me");
      expect(response.body.data).toMatchObject({ email: emailOf(name), openId: await openIdOf(name) });
      for (const other of NAMES.filter((n) => n !== name))
        expect(await seenIn(response.text, other)).toEqual({ email: false, openId: false });
    }
  });

  it("creating a member answers its email to the creator but never its openId", async () => {
    for (const creator of ["host", "admin"] as const) {
      const response = await users[creator].client.post("/api/user", {
        username: `new-${creator}`,
        password: "pass1234",
        email: `new-${creator}@example.com`,
      });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ email: `new-${creator}@example.com`, openId: "" });
      const row = await t.ctx.store.db
        .selectFrom("user")
        .select("open_id")
        .where("id", "=", response.body.data.id)
        .executeTakeFirstOrThrow();
      expect(response.text).not.toContain(row.open_id);
    }
  });
});

describe("the takeover the review found is closed", () => {
  it("an admin or the host who edits a member cannot read the member's private memos as them", async () => {
    const secret = await createMemo(users.member2, "member2's diary", "PRIVATE");
    for (const caller of ["host", "admin"] as const) {
      const patched = await clientOf(caller).patch(`/api/user/${users.member2.user.id}`, {});
      expect(patched.status).toBe(200);
      const token = patched.body.data.openId as string;
      expect(token).toBe("");
      expect((await clientOf(caller).get(`/api/memo/${secret.id}`)).status).toBe(403);
    }
    // The member's own token still works, for the member.
    const own = await anonymous(t)
      .withToken(await openIdOf("member2"))
      .get(`/api/memo/${secret.id}`);
    expect(own.body.data.content).toBe("member2's diary");
  });
});
