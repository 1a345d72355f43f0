// Comments in the export: comments.jsonl holds the comments the account wrote (on its own memos and on others'),
// never anyone else's; the import brings back those on the account's own memos, with their files and times, once.
import { strFromU8, unzipSync, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemo, createUser, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { importArchive } from "../import-client.js";

describe("comments in the export and the import", () => {
  let t: TestApp;
  let host: TestUser;
  let seq = 0;
  const member = () => createUser(t, host, `cexp${++seq}`);
  const exportOf = async (user: TestUser, scope = "") => {
    const archive = await t.app.inject({ method: "GET", url: `/api/export${scope}`, headers: { cookie: user.client.cookie! } });
    expect(archive.statusCode).toBe(200);
    return unzipSync(new Uint8Array(archive.rawPayload));
  };
  const linesOf = (bytes: Uint8Array | undefined) =>
    strFromU8(bytes!)
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line));

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
  });
  afterAll(() => t.close());

  it("exports the account's own comments only, and imports those on its own memos with their files", async () => {
    const owner = await member();
    const friend = await member();
    const mine = await createMemo(owner, "my trip", "PROTECTED");
    const theirs = await createMemo(friend, "their trip", "PROTECTED");
    const file = await uploadResource(owner, "map.png");
    const onMine = await owner.client.post(`/api/memo/${mine.id}/comment`, {
      content: `day two ![](/o/r/${file.id}/map.png)`,
      resourceIdList: [file.id],
    });
    expect(onMine.status, onMine.text).toBe(200);
    await owner.client.post(`/api/memo/${theirs.id}/comment`, { content: "looks great" });
    await friend.client.post(`/api/memo/${mine.id}/comment`, { content: "friend's words stay theirs" });

    const files = await exportOf(owner);
    const lines = linesOf(files["comments.jsonl"]);
    expect(lines.map((line) => [line.memo, line.ownMemo, line.content, line.attachments])).toEqual([
      [mine.id, true, `day two ![](/o/r/${file.id}/map.png)`, [file.id]],
      [theirs.id, false, "looks great", []],
    ]);
    expect(lines[0]).toMatchObject({ created: expect.stringMatching(/Z$/), updated: expect.stringMatching(/Z$/) });
    expect(JSON.parse(strFromU8(files["manifest.json"]!)).counts.comments).toBe(2);
    expect(Object.values(files).some((bytes) => strFromU8(bytes).includes("friend's words"))).toBe(false);

    const other = await member();
    const imported = await importArchive(other.client, Buffer.from(zipSync(files)));
    expect(imported.status, imported.text).toBe(200);
    expect(JSON.stringify(imported.body.data.problems)).toContain("1 comments on other accounts' memos stay in the archive only");
    const [copy] = (await other.client.get("/api/memo")).body.data;
    const [newFile] = (await other.client.get("/api/resource")).body.data;
    const comments = (await other.client.get(`/api/memo/${copy.id}/comment`)).body.data;
    expect(
      comments.comments.map((c: { content: string; creator: { id: number }; resourceList: { id: number }[] }) => [
        c.content,
        c.creator.id,
        c.resourceList.map((r) => r.id),
      ]),
    ).toEqual([[`day two ![](/o/r/${newFile.id}/map.png)`, other.user.id, [newFile.id]]]);
    expect(comments.comments[0].createdTs).toBe(onMine.body.data.createdTs);

    // The same archive again adds no comment twice (its memo is there already).
    await importArchive(other.client, Buffer.from(zipSync(files)));
    expect((await other.client.get(`/api/memo/${copy.id}/comment`)).body.data.comments).toHaveLength(1);
  });

  it("the host's instance export holds each account's comments in its folder", async () => {
    const writer = await member();
    const memo = await createMemo(writer, "open", "PUBLIC");
    await writer.client.post(`/api/memo/${memo.id}/comment`, { content: "noted" });
    const files = await exportOf(host, "?scope=instance");
    expect(linesOf(files[`users/${writer.user.username}/comments.jsonl`]).map((line) => line.content)).toEqual(["noted"]);
  });
});
