// Links between memos survive export → import: an export keeps `[text](/m/<id>)` and bare `/m/<id>` links with the
// ids of the instance it came from, which on another instance are other memos, perhaps a stranger's private ones.
// The import points each link to a memo of the archive at the memo it adds (in its text, its versions and its
// comments, links to a memo written later too), and unlinks every other: a Markdown link keeps its words, a bare one
// stays as written, in code. Other formats (a folder of Markdown) bring in no link to a memo either.
import type { Memo, MemoRelation, MemoRevision } from "@memos/common";
import { strToU8, unzipSync, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../client.js";
import { createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, TEST_DRIVER, type TestApp } from "../harness.js";
import { allMemos, importArchive } from "../import-client.js";

async function exportZip(t: TestApp, client: Client): Promise<Buffer> {
  const response = await t.app.inject({ method: "GET", url: "/api/export", headers: { cookie: client.cookie! } });
  expect(response.statusCode).toBe(200);
  return Buffer.from(zipSync(unzipSync(new Uint8Array(response.rawPayload))));
}

describe("export → import: links between memos", () => {
  const otherEngine = TEST_DRIVER === "sqlite" ? "postgres" : "sqlite";
  let source: TestApp;
  let target: TestApp;
  let reader: TestUser;
  let targetHost: TestUser;
  let stranger: Memo[];
  let archive: Buffer;
  const old = {} as Record<"bobs" | "trip" | "index" | "packing", Memo>;

  beforeAll(async () => {
    source = await createTestApp({ driver: otherEngine });
    target = await createTestApp();
    const host = await signUpHost(source);
    const alice = await createUser(source, host, "alice");
    const bobby = await createUser(source, host, "bobby");
    old.bobs = await createMemo(bobby, "Bobby's shopping list", "PUBLIC", { createdTs: 1_700_000_000 });
    old.trip = await createMemo(alice, "Trip plan\n\nTrains first.", "PRIVATE", { createdTs: 1_700_000_100 });
    old.index = await createMemo(alice, `Index: the [trip](/m/${old.trip.id}).`, "PRIVATE", { createdTs: 1_700_000_200 });
    // The later memo is linked before it exists in the import's order (created after the index).
    old.packing = await createMemo(alice, "Packing list", "PRIVATE", { createdTs: 1_700_000_300 });
    const index =
      `Index: the [trip](/m/${old.trip.id}), see /m/${old.trip.id} and [packing](/m/${old.packing.id}#top).\n` +
      `Not mine: [Bobby's list](/m/${old.bobs.id}) and /m/${old.bobs.id}. In code: \`/m/${old.trip.id}\``;
    expect((await alice.client.patch(`/api/memo/${old.index.id}`, { content: index })).status).toBe(200);
    expect((await alice.client.post(`/api/memo/${old.trip.id}/comment`, { content: `Also [the list](/m/${old.packing.id})` })).status).toBe(
      200,
    );
    archive = await exportZip(source, alice.client);

    // On the target the archive's old ids are somebody else's private memos.
    targetHost = await signUpHost(target, "carol");
    const mallory = await createUser(target, targetHost, "mallory");
    stranger = [];
    for (let n = 0; n < Math.max(old.bobs.id, old.trip.id, old.index.id, old.packing.id) + 2; n += 1) {
      stranger.push(await createMemo(mallory, `mallory's secret ${n}`, "PRIVATE"));
    }
    reader = await createUser(target, targetHost, "dana");
  });
  afterAll(async () => {
    await source.close();
    await target.close();
  });

  it("points links to the archive's memos at the memos it adds, and unlinks the rest", async () => {
    const response = await importArchive(reader.client, archive);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({ memos: 3 });
    const [trip, index, packing] = await allMemos(reader.client);
    expect(trip!.content).toBe("Trip plan\n\nTrains first.");
    expect(index!.content).toBe(
      `Index: the [trip](/m/${trip!.id}), see /m/${trip!.id} and [packing](/m/${packing!.id}).\n` +
        `Not mine: Bobby's list and \`/m/${old.bobs.id}\`. In code: \`/m/${old.trip.id}\``,
    );
    const ours = new Set([trip!.id, index!.id, packing!.id]);
    expect(stranger.filter((memo) => ours.has(memo.id))).toEqual([]);

    // The Links panel lists the imported memos, and each one's backlinks the index.
    const relation = (await reader.client.get(`/api/memo/${index!.id}/relation`)).body.data as MemoRelation;
    expect(relation.links.map((memo) => memo.id).sort()).toEqual([trip!.id, packing!.id].sort());
    const back = (await reader.client.get(`/api/memo/${packing!.id}/relation`)).body.data as MemoRelation;
    expect(back.backlinks.map((memo) => memo.id)).toEqual([index!.id]);
  });

  it("rewrites the links of the memos' earlier versions and of the comments", async () => {
    const [trip, index, packing] = await allMemos(reader.client);
    const page = (await reader.client.get(`/api/memo/${index!.id}/revision`)).body.data as { revisions: MemoRevision[] };
    expect(page.revisions.map((revision) => revision.content)).toContain(`Index: the [trip](/m/${trip!.id}).`);
    const comments = (await reader.client.get(`/api/memo/${trip!.id}/comment`)).body.data.comments as Array<{ content: string }>;
    expect(comments.map((comment) => comment.content)).toEqual([`Also [the list](/m/${packing!.id})`]);
  });

  it("a second import of the same archive adds nothing: its memos are matched whatever their links' ids", async () => {
    const response = await importArchive(reader.client, archive);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({ memos: 0 });
  });

  it("a folder of Markdown brings in no link to a memo of this instance", async () => {
    const erin = await createUser(target, targetHost, "erin");
    const folder = zipSync({
      "notes/Garden.md": strToU8(`Seeds, see /m/${stranger[0]!.id} and [the secret](/m/${stranger[1]!.id}) and [[Seeds]].`),
      "notes/Seeds.md": strToU8("Tomatoes."),
    });
    const response = await importArchive(erin.client, Buffer.from(folder));
    expect(response.status, response.text).toBe(200);
    const memos = await allMemos(erin.client);
    const garden = memos.find((memo) => memo.content.includes("Seeds, see"))!;
    const seeds = memos.find((memo) => memo.content.includes("Tomatoes"))!;
    expect(garden.content).toContain(`Seeds, see \`/m/${stranger[0]!.id}\` and the secret and [Seeds](/m/${seeds.id}).`);
    const relation = (await erin.client.get(`/api/memo/${garden.id}/relation`)).body.data as MemoRelation;
    expect(relation.links.map((memo) => memo.id)).toEqual([seeds.id]);
  });
});
