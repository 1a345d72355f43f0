// The v1 AttachmentService and a memo's attachments, on both transports: MoeMemos' flow over REST (bytes in base64,
// then a memo naming them; the file at /file/attachments with ranges), memogram's over Connect (bytes inline, bound to
// a memo), who may read a file (our resource rules), and bad input named by its field. An attachment is our resource.
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AttachmentService } from "../../src/v1/gen/memos/api/v1/attachment_service_pb.js";
import { MemoService, Visibility } from "../../src/v1/gen/memos/api/v1/memo_service_pb.js";
import type { TestApp } from "../harness.js";
import { connectClient, failure, rest, startV1Instance } from "../v1-client.js";

let t: TestApp;
let base: string;
let hostToken: string;
let memberToken: string;

beforeAll(async () => {
  ({ t, base, hostToken, memberToken } = await startV1Instance({ maxUploadMb: 1 }));
});
afterAll(() => t.close());

const PNG = Buffer.from("89504e470d0a1a0a-not-really-a-png", "utf8");

/** An attachment of the host's over REST, as MoeMemos uploads one. */
async function upload(filename: string, extra: object = {}) {
  const answer = await rest(base, "POST", "/api/v1/attachments", {
    token: hostToken,
    body: { filename, type: "image/png", content: PNG.toString("base64"), ...extra },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const fileOf = (attachment: { name: string; filename: string }, headers: Record<string, string> = {}) =>
  fetch(`${base}/file/${attachment.name}/${encodeURIComponent(attachment.filename)}`, { headers });

describe("MoeMemos' flow", () => {
  it("uploads bytes, makes a memo of them, serves the file with ranges, lists, clears and deletes", async () => {
    const attachment = await upload("photo.png");
    expect(attachment).toMatchObject({ filename: "photo.png", type: "image/png", size: String(PNG.length), externalLink: "" });
    expect(attachment.name).toMatch(/^attachments\/[A-Za-z0-9]{22}$/);
    expect(attachment.content ?? "").toBe("");

    const memo = await rest(base, "POST", "/api/v1/memos", {
      token: hostToken,
      body: { content: "With a photo", visibility: "PUBLIC", attachments: [{ name: attachment.name }] },
    });
    expect(memo.status, JSON.stringify(memo.body)).toBe(200);
    expect(memo.body.attachments).toEqual([
      expect.objectContaining({ name: attachment.name, memo: memo.body.name, size: String(PNG.length) }),
    ]);
    expect((await rest(base, "GET", `/api/v1/${memo.body.name}`)).body.attachments).toHaveLength(1);
    expect((await rest(base, "GET", `/api/v1/${attachment.name}`)).body.memo).toBe(memo.body.name);

    // The file, to anyone who may read the memo (public), with a range.
    const whole = await fileOf(attachment);
    expect([whole.status, Buffer.from(await whole.arrayBuffer()).equals(PNG)]).toEqual([200, true]);
    expect(whole.headers.get("x-content-type-options")).toBe("nosniff");
    const part = await fileOf(attachment, { range: "bytes=0-3" });
    expect([part.status, Buffer.from(await part.arrayBuffer()).toString("hex")]).toEqual([206, "38393530"]);
    expect((await fetch(`${base}/file/attachments/unknown-uid/x.png`)).status).toBe(404);
    // memos' clients ask for a thumbnail of each image in a list: we make none yet, and answer the image itself.
    const thumbnail = await fetch(`${base}/file/${attachment.name}/${encodeURIComponent(attachment.filename)}?thumbnail=true`);
    expect([thumbnail.status, thumbnail.headers.get("content-type"), Buffer.from(await thumbnail.arrayBuffer()).equals(PNG)]).toEqual([
      200,
      "image/png",
      true,
    ]);

    const unbound = await upload("loose.png");
    const loose = await rest(base, "GET", `/api/v1/attachments?filter=${encodeURIComponent("memo_id == null")}`, { token: hostToken });
    expect(loose.body.attachments.map((item: { name: string }) => item.name)).toEqual([unbound.name]);
    const page = await rest(base, "GET", "/api/v1/attachments?pageSize=1", { token: hostToken });
    const next = await rest(base, "GET", `/api/v1/attachments?pageSize=1&pageToken=${page.body.nextPageToken}`, { token: hostToken });
    expect([...page.body.attachments, ...next.body.attachments].map((item: { name: string }) => item.name).sort()).toEqual(
      [attachment.name, unbound.name].sort(),
    );

    const listed = await rest(base, "GET", `/api/v1/${memo.body.name}/attachments`);
    expect(listed.body.attachments.map((item: { name: string }) => item.name)).toEqual([attachment.name]);
    expect(
      (await rest(base, "PATCH", `/api/v1/${memo.body.name}/attachments`, { token: hostToken, body: { attachments: [] } })).status,
    ).toBe(200);
    expect((await rest(base, "GET", `/api/v1/${memo.body.name}`)).body.attachments).toEqual([]);
    // Unbound from a public memo, the file is its owner's alone again.
    expect((await fileOf(attachment)).status).toBe(404);

    expect((await rest(base, "DELETE", `/api/v1/${attachment.name}`, { token: hostToken })).status).toBe(200);
    expect((await rest(base, "GET", `/api/v1/${attachment.name}`, { token: hostToken })).status).toBe(404);
  });
});

describe("memogram's flow and the rules", () => {
  it("creates an attachment bound to a memo over Connect, and keeps a private memo's file to its owner", async () => {
    const memos = connectClient(base, MemoService, { authorization: `Bearer ${hostToken}` });
    const memo = await memos.createMemo({ memo: { content: "private note", visibility: Visibility.PRIVATE } });
    const attachments = connectClient(base, AttachmentService, { authorization: `Bearer ${hostToken}` });
    const created = await attachments.createAttachment({
      attachmentId: "voice-note",
      attachment: { filename: "note.ogg", type: "audio/ogg", content: new Uint8Array([1, 2, 3]), memo: memo.name },
    });
    expect(created).toMatchObject({ name: "attachments/voice-note", memo: memo.name, size: 3n });
    expect((await memos.getMemo({ name: memo.name })).attachments.map((item) => item.name)).toEqual(["attachments/voice-note"]);
    const renamed = await attachments.updateAttachment({
      attachment: { name: created.name, filename: "voice.ogg" },
      updateMask: { paths: ["filename"] },
    });
    expect(renamed.filename).toBe("voice.ogg");

    expect((await fileOf({ name: created.name, filename: "voice.ogg" }, { authorization: `Bearer ${hostToken}` })).status).toBe(200);
    expect((await fileOf({ name: created.name, filename: "voice.ogg" }, { authorization: `Bearer ${memberToken}` })).status).toBe(404);
    expect((await fileOf({ name: created.name, filename: "voice.ogg" })).status).toBe(404);
    const member = connectClient(base, AttachmentService, { authorization: `Bearer ${memberToken}` });
    expect((await failure(member.getAttachment({ name: created.name }))).code).toBe(Code.NotFound);
    expect((await failure(member.deleteAttachment({ name: created.name }))).code).toBe(Code.NotFound);
    // Another's memo cannot take it, nor can another's attachment go on one's memo.
    const memberMemos = connectClient(base, MemoService, { authorization: `Bearer ${memberToken}` });
    const own = await memberMemos.createMemo({ memo: { content: "mine" } });
    expect((await failure(memberMemos.setMemoAttachments({ name: own.name, attachments: [{ name: created.name }] }))).code).toBe(
      Code.PermissionDenied,
    );
    expect(
      (
        await failure(
          member.createAttachment({ attachment: { filename: "x.txt", type: "text/plain", content: new Uint8Array([1]), memo: memo.name } }),
        )
      ).code,
    ).toBe(Code.PermissionDenied);
    expect(
      (
        await failure(
          attachments.createAttachment({
            attachmentId: "voice-note",
            attachment: { filename: "a.txt", type: "text/plain", content: new Uint8Array([1]) },
          }),
        )
      ).code,
    ).toBe(Code.AlreadyExists);
  });

  it("refuses bad input naming the field", async () => {
    const attachments = connectClient(base, AttachmentService, { authorization: `Bearer ${hostToken}` });
    const bytes = new Uint8Array([1]);
    const cases: Array<[() => Promise<unknown>, RegExp]> = [
      [
        () => attachments.createAttachment({ attachment: { filename: "", type: "text/plain", content: bytes } }),
        /^invalid attachment\.filename: /,
      ],
      [
        () => attachments.createAttachment({ attachment: { filename: "a.txt", type: "not a type", content: bytes } }),
        /^invalid attachment\.type: /,
      ],
      [() => attachments.createAttachment({ attachment: { filename: "a.txt", type: "text/plain" } }), /^invalid attachment\.content: /],
      [
        () => attachments.createAttachment({ attachmentId: "-x", attachment: { filename: "a.txt", type: "text/plain", content: bytes } }),
        /^invalid attachment_id: /,
      ],
      [
        () =>
          attachments.createAttachment({
            attachment: { filename: "big.bin", type: "application/octet-stream", content: new Uint8Array(1024 * 1024 + 1) },
          }),
        /^invalid attachment\.content: file size exceeds the limit/,
      ],
      [() => attachments.getAttachment({ name: "attachments/" }), /^invalid name: /],
      [() => attachments.listAttachments({ filter: 'filename.contains("a")' }), /^invalid filter: /],
      [
        () =>
          connectClient(base, MemoService, { authorization: `Bearer ${hostToken}` }).createMemo({
            memo: { content: "x", attachments: [{ name: "users/x" }] },
          }),
        /^invalid memo\.attachments\[0\]\.name: /,
      ],
    ];
    for (const [call, message] of cases) {
      const error = await failure(call());
      expect([error.code, error.rawMessage]).toEqual([Code.InvalidArgument, expect.stringMatching(message)]);
    }
    // Over REST too, with the bytes in base64 past the limit: refused as bad input, not a 413 of the body.
    const big = await rest(base, "POST", "/api/v1/attachments", {
      token: hostToken,
      body: { filename: "big.bin", type: "application/octet-stream", content: Buffer.alloc(1024 * 1024 + 1).toString("base64") },
    });
    expect([big.status, big.body.message]).toEqual([400, expect.stringMatching(/attachment\.content/)]);
    expect((await rest(base, "POST", "/api/v1/attachments", { body: { filename: "a", type: "text/plain", content: "AQ==" } })).status).toBe(
      401,
    );
  });
});

describe("BatchDeleteAttachments", () => {
  const exists = async (name: string) => (await rest(base, "GET", `/api/v1/${name}`, { token: hostToken })).status === 200;

  it("deletes every named one of the caller's, or none when one is unknown or another's", async () => {
    const [a, b] = [await upload("batch-a.png"), await upload("batch-b.png")];
    const theirs = await rest(base, "POST", "/api/v1/attachments", {
      token: memberToken,
      body: { filename: "theirs.png", type: "image/png", content: PNG.toString("base64") },
    });
    expect(theirs.status).toBe(200);

    // Another's among them: nothing is deleted, and it is not found as if it did not exist.
    const refused = await rest(base, "POST", "/api/v1/attachments:batchDelete", {
      token: hostToken,
      body: { names: [a.name, theirs.body.name, b.name] },
    });
    expect([refused.status, refused.body.code]).toEqual([404, Code.NotFound]);
    const unknown = await failure(
      connectClient(base, AttachmentService, { authorization: `Bearer ${hostToken}` }).batchDeleteAttachments({
        names: [a.name, "attachments/no-such-one"],
      }),
    );
    expect(unknown.code).toBe(Code.NotFound);
    expect([await exists(a.name), await exists(b.name)]).toEqual([true, true]);

    await connectClient(base, AttachmentService, { authorization: `Bearer ${hostToken}` }).batchDeleteAttachments({
      names: [a.name, b.name],
    });
    expect([await exists(a.name), await exists(b.name)]).toEqual([false, false]);
    expect((await rest(base, "GET", `/api/v1/${theirs.body.name}`, { token: memberToken })).status).toBe(200);
  });

  it("refuses bad input naming the field", async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ names: [] }, /^invalid names: /],
      [{ names: ["attachments/ok", "memos/x"] }, /^invalid names\[1\]: /],
      [{ names: Array.from({ length: 101 }, (_, i) => `attachments/a${i}`) }, /^invalid names: at most 100/],
    ];
    for (const [body, message] of cases) {
      const answer = await rest(base, "POST", "/api/v1/attachments:batchDelete", { token: hostToken, body });
      expect([answer.status, answer.body.message]).toEqual([400, expect.stringMatching(message)]);
    }
  });
});
