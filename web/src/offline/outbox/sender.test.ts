// @vitest-environment node
// Sending the outbox (kept in IndexedDB, here fake-indexeddb) to a small in-memory memo server: order, retry
// after a network failure without sending anything twice, conflicts holding back only their own memo.
import "fake-indexeddb/auto";
import type { Memo, Resource } from "@memos/common";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/client";
import { memoFixture, resourceFixture } from "../../test/fixtures";
import { openOutbox } from "./db";
import { addChange, tempId } from "./plan";
import { sendOutbox, type Transport } from "./sender";
import type { CreateEntry, OutboxEntry, UploadEntry } from "./types";

const USER = 3;

/** Memos by id, a clock for updatedTs, every call in order, and a switch that drops the network after N calls. */
class MemoServer implements Transport {
  memos = new Map<number, Memo>();
  calls: string[] = [];
  clock = 1000;
  nextId = 100;
  failAfter = Number.POSITIVE_INFINITY;

  private call(name: string) {
    if (this.calls.length >= this.failAfter) throw new TypeError("Failed to fetch");
    this.calls.push(name);
  }
  private found(id: number): Memo {
    const memo = this.memos.get(id);
    if (!memo) throw new ApiError(404, `Memo not found: ${id}`);
    return memo;
  }
  private save(memo: Memo): Memo {
    this.memos.set(memo.id, { ...memo, updatedTs: ++this.clock });
    return this.memos.get(memo.id)!;
  }
  add(content: string): Memo {
    return this.save(memoFixture({ id: this.nextId++, content, creatorId: USER }));
  }

  async getMemo(id: number) {
    this.call(`get ${id}`);
    return this.memos.get(id) ?? null;
  }
  async createMemo(body: { content: string; resourceIdList?: number[] }) {
    this.call(`create ${body.content} [${body.resourceIdList ?? []}]`);
    return this.save(
      memoFixture({
        id: this.nextId++,
        content: body.content,
        resourceList: (body.resourceIdList ?? []).map((id) => resourceFixture({ id })),
      }),
    );
  }
  /** Runs just before the next patch is written (another device's edit landing in between). */
  beforePatch: (() => void) | null = null;

  async patchMemo(id: number, body: { content?: string; rowStatus?: Memo["rowStatus"]; baseUpdatedTs?: number }) {
    this.call(`patch ${id} ${JSON.stringify(body)}`);
    this.beforePatch?.();
    this.beforePatch = null;
    const memo = this.found(id);
    if (body.baseUpdatedTs !== undefined && body.baseUpdatedTs !== memo.updatedTs)
      throw new ApiError(409, "baseUpdatedTs: the memo was changed");
    return this.save({ ...memo, content: body.content ?? memo.content, rowStatus: body.rowStatus ?? memo.rowStatus });
  }
  async pinMemo(id: number, pinned: boolean) {
    this.call(`pin ${id} ${pinned}`);
    return this.save({ ...this.found(id), pinned });
  }
  async deleteMemo(id: number) {
    this.call(`delete ${id}`);
    this.memos.delete(id);
  }
  async unlinkResource(memoId: number, resourceId: number) {
    this.call(`unlink ${memoId} ${resourceId}`);
  }
  async uploadResource(file: File): Promise<Resource> {
    this.call(`upload ${file.name} ${await file.text()}`);
    return resourceFixture({ id: 500, filename: file.name });
  }
}

let database = 0;
const freshRepo = () => openOutbox(`outbox-test-${++database}`);

const newMemo = (seq: number, content: string, extra: Partial<Memo> = {}): CreateEntry => ({
  seq,
  userId: USER,
  kind: "create",
  memoId: tempId(seq),
  memo: memoFixture({ id: tempId(seq), content, ...extra }),
  state: { status: "pending" },
});

describe("sendOutbox", () => {
  it("sends in the order written: an image before the memo that links it, a new memo with its pin", async () => {
    const server = new MemoServer();
    const existing = server.add("old");
    const repo = freshRepo();
    const upload: UploadEntry = {
      seq: 1,
      userId: USER,
      kind: "upload",
      resourceId: tempId(1),
      file: new Blob(["png"], { type: "image/png" }),
      filename: "a.png",
      state: { status: "pending" },
    };
    let entries: OutboxEntry[] = [upload, newMemo(2, "with image", { resourceList: [resourceFixture({ id: tempId(1) })], pinned: true })];
    entries = addChange(entries, existing, { kind: "patch", patch: { content: "old, edited" } }, 3, USER);
    entries = addChange(entries, { ...existing, content: "old, edited" }, { kind: "pin", pinned: true }, 4, USER);
    await repo.save(entries);

    expect(await sendOutbox(USER, repo, server)).toBe("done");
    expect(server.calls).toEqual([
      "upload a.png png",
      "create with image [500]",
      "pin 101 true",
      `get ${existing.id}`,
      `patch ${existing.id} {"content":"old, edited","baseUpdatedTs":${existing.updatedTs}}`,
      `get ${existing.id}`,
      `pin ${existing.id} true`,
    ]);
    expect(await repo.list(USER)).toEqual([]);
  });

  it("stops at a network failure and sends the rest, once each, on the next run", async () => {
    const server = new MemoServer();
    const repo = freshRepo();
    await repo.save([newMemo(1, "first"), newMemo(2, "second"), newMemo(3, "third")]);
    server.failAfter = 1;
    expect(await sendOutbox(USER, repo, server)).toBe("offline");
    expect((await repo.list(USER)).map((entry) => entry.seq)).toEqual([2, 3]);

    server.failAfter = Number.POSITIVE_INFINITY;
    expect(await sendOutbox(USER, repo, server)).toBe("done");
    expect(server.calls).toEqual(["create first []", "create second []", "create third []"]);
  });

  it("holds back a conflicted memo's later changes, and sends the other memos", async () => {
    const server = new MemoServer();
    const shared = server.add("v1");
    const other = server.add("other");
    const repo = freshRepo();
    let entries = addChange([], shared, { kind: "patch", patch: { content: "mine" } }, 1, USER);
    entries = addChange(entries, { ...shared, content: "mine" }, { kind: "patch", patch: { rowStatus: "ARCHIVED" } }, 2, USER);
    entries = addChange(entries, other, { kind: "delete" }, 3, USER);
    await repo.save(entries);
    server.memos.set(shared.id, { ...shared, content: "theirs", updatedTs: shared.updatedTs + 10 });

    expect(await sendOutbox(USER, repo, server)).toBe("done");
    const left = await repo.list(USER);
    expect(left.map((entry) => [entry.seq, entry.state.status])).toEqual([
      [1, "conflict"],
      [2, "pending"],
    ]);
    expect(left[0]!.state).toMatchObject({ problem: "changed", theirs: { content: "theirs" } });
    expect(server.memos.has(other.id)).toBe(false);
    expect(server.memos.get(shared.id)!.content).toBe("theirs");
  });

  it("an edit landing elsewhere between the check and the write is a conflict too (the server's 409)", async () => {
    const server = new MemoServer();
    const memo = server.add("v1");
    const repo = freshRepo();
    await repo.save(addChange([], memo, { kind: "patch", patch: { content: "mine" } }, 1, USER));
    server.beforePatch = () => server.memos.set(memo.id, { ...memo, content: "theirs", updatedTs: memo.updatedTs + 1 });
    expect(await sendOutbox(USER, repo, server)).toBe("done");
    expect((await repo.list(USER))[0]!.state).toMatchObject({ status: "conflict", problem: "changed", theirs: { content: "theirs" } });
    expect(server.memos.get(memo.id)!.content).toBe("theirs");
  });

  it("after a sent edit, the next edit of that memo is judged on the version the server answered", async () => {
    const server = new MemoServer();
    const memo = server.add("a");
    const repo = freshRepo();
    let entries = addChange([], memo, { kind: "patch", patch: { content: "b" } }, 1, USER);
    entries = addChange(entries, { ...memo, content: "b" }, { kind: "patch", patch: { content: "c" } }, 2, USER);
    await repo.save(entries);
    expect(await sendOutbox(USER, repo, server)).toBe("done");
    expect(server.memos.get(memo.id)!.content).toBe("c");
    expect(await repo.list(USER)).toEqual([]);
  });

  it("marks a change the server refuses, with its message, and keeps only this user's entries in view", async () => {
    const server = new MemoServer();
    const memo = server.add("a");
    server.patchMemo = async () => {
      throw new ApiError(400, "content: too long");
    };
    const repo = freshRepo();
    await repo.save([
      ...addChange([], memo, { kind: "patch", patch: { content: "x" } }, 1, USER),
      { ...newMemo(2, "someone else's"), userId: USER + 1 },
    ]);
    expect(await sendOutbox(USER, repo, server)).toBe("done");
    expect((await repo.list(USER))[0]!.state).toEqual({ status: "conflict", problem: "refused", message: "content: too long" });
    expect((await repo.list(USER + 1)).map((entry) => entry.seq)).toEqual([2]);
  });
});
