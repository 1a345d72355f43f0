// A full disk: a write is answered 507 with a message that says so (not a generic 500), the log carries the
// database's own error, reads go on, nothing half-written is left, and writes work again once there is room.
// SQLite is made full for real (PRAGMA max_page_count on the writing connection: SQLite answers SQLITE_FULL);
// PostgreSQL's disk-full error (53100) is raised by a trigger on memo and resource, through the real driver.
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemo, multipartBody, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, TEST_DRIVER, type TestApp } from "../harness.js";

let t: TestApp;
let host: TestUser;
let logLines: string[];
beforeEach(async () => {
  logLines = [];
  t = await createTestApp({ logLines });
  host = await signUpHost(t);
});
afterEach(() => t.close());

/** Makes the database refuse to grow; returns the function that gives it room again. */
async function fillDisk(): Promise<() => Promise<void>> {
  if (TEST_DRIVER === "sqlite") {
    const main = t.ctx.store.sqliteMain!;
    const pages = main.pragma("page_count", { simple: true }) as number;
    main.pragma(`max_page_count = ${pages}`);
    return async () => {
      main.pragma("max_page_count = 4294967294");
    };
  }
  await sql`CREATE FUNCTION memos_test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'could not extend file "base/1/2": No space left on device' USING ERRCODE = 'disk_full'; END $$`.execute(
    t.ctx.store.db,
  );
  for (const table of ["memo", "resource"]) {
    await sql`CREATE TRIGGER memos_test_disk_full BEFORE INSERT ON ${sql.table(table)} FOR EACH ROW EXECUTE FUNCTION memos_test_disk_full()`.execute(
      t.ctx.store.db,
    );
  }
  return async () => {
    for (const table of ["memo", "resource"]) await sql`DROP TRIGGER memos_test_disk_full ON ${sql.table(table)}`.execute(t.ctx.store.db);
    await sql`DROP FUNCTION memos_test_disk_full()`.execute(t.ctx.store.db);
  };
}

describe("a full disk", () => {
  it("answers 507 with the reason, logs the database's error, keeps serving reads, and recovers once there is room", async () => {
    const kept = await createMemo(host, "written before the disk filled #kept");
    const freeSpace = await fillDisk();
    // Big enough to need new pages (a memo of 100 kB spills into overflow pages).
    const response = await host.client.post("/api/memo", { content: `too big for the disk ${"x".repeat(100_000)}` });
    expect(response.status, response.text).toBe(507);
    expect(response.body).toEqual({
      error: "code=507, message=Insufficient Storage: the server's disk is full, so the change was not saved; reads still work",
      message: "Insufficient Storage: the server's disk is full, so the change was not saved; reads still work",
    });
    // An upload's row is one INSERT that SQLite cannot undo on its own: the whole transaction is rolled back by
    // SQLite, and the pool must not then hide why behind "cannot rollback - no transaction is active".
    const upload = multipartBody("file", "photo.png", "image/png", Buffer.alloc(200_000, 5));
    const uploaded = await host.client.post("/api/resource/blob", upload.payload, { headers: upload.headers });
    expect(uploaded.status, uploaded.text).toBe(507);
    expect(uploaded.body.message).toBe(response.body.message);
    const logged = logLines.join("");
    expect(logged).toMatch(TEST_DRIVER === "sqlite" ? /database or disk is full/ : /No space left on device/);
    expect(logged).toMatch(TEST_DRIVER === "sqlite" ? /SQLITE_FULL/ : /53100/);
    expect(logged).not.toMatch(/no transaction is active/);

    // Reads go on, and the failed write left nothing behind.
    const list = await host.client.get("/api/memo");
    expect(list.status).toBe(200);
    expect(list.body.data.map((memo: { id: number }) => memo.id)).toEqual([kept.id]);
    expect((await host.client.get(`/api/memo/${kept.id}`)).status).toBe(200);
    expect((await host.client.get("/api/tag")).body.data).toEqual(["kept"]);

    expect((await host.client.get("/api/resource")).body.data).toEqual([]);

    await freeSpace();
    const after = await host.client.post("/api/memo", { content: `room again ${"y".repeat(100_000)} #after` });
    expect(after.status, after.text).toBe(200);
    expect((await host.client.get("/api/memo")).body.data).toHaveLength(2);
    expect((await host.client.get("/api/tag")).body.data).toEqual(["after", "kept"]);
    expect((await host.client.post("/api/resource/blob", upload.payload, { headers: upload.headers })).status).toBe(200);
  });
});

describe.runIf(TEST_DRIVER === "postgres")("PostgreSQL out of other resources (class 53)", () => {
  it("answers 507 saying so, and logs the database's error", async () => {
    await sql`CREATE FUNCTION memos_test_no_memory() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'out of memory' USING ERRCODE = 'out_of_memory'; END $$`.execute(t.ctx.store.db);
    await sql`CREATE TRIGGER memos_test_no_memory BEFORE INSERT ON memo FOR EACH ROW EXECUTE FUNCTION memos_test_no_memory()`.execute(
      t.ctx.store.db,
    );
    const response = await host.client.post("/api/memo", { content: "no memory for this" });
    expect(response.status, response.text).toBe(507);
    expect(response.body.message).toBe("Insufficient Storage: the database server is out of resources, so the request was not done");
    expect(logLines.join("")).toMatch(/53200/);
    await sql`DROP TRIGGER memos_test_no_memory ON memo`.execute(t.ctx.store.db);
    expect((await host.client.post("/api/memo", { content: "fine again" })).status).toBe(200);
  });
});
