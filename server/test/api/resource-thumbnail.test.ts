// Thumbnails (`?thumbnail=true` / `=1` on the file routes): a PNG or JPEG shrunk to 600 px on its long side, upright
// as its EXIF orientation says, transparency kept; the original for anything else; made once and kept until the
// resource goes; the file routes' access rules unchanged. Real images, encoded and decoded by the same libraries.
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { getRaw } from "../raw.js";

type Rgb = [number, number, number];
const RED: Rgb = [220, 20, 20];
const BLUE: Rgb = [20, 20, 220];

/** A JPEG `width`×`height`, its left half red and its right half blue. */
function halves(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) data.set([...(x < width / 2 ? RED : BLUE), 255], (y * width + x) * 4);
  return Buffer.from(jpeg.encode({ width, height, data }, 90).data);
}

/** `jpegBytes` with an EXIF segment saying it is shown turned (orientation 1–8) right after its start marker. */
function withOrientation(jpegBytes: Buffer, orientation: number): Buffer {
  const tiff = [0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const segment = Buffer.from([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body]);
  return Buffer.from(Buffer.concat([jpegBytes.subarray(0, 2), segment, jpegBytes.subarray(2)]));
}

function pixel(image: { width: number; data: Uint8Array }, x: number, y: number): number[] {
  const at = (y * image.width + x) * 4;
  return [...image.data.subarray(at, at + 4)];
}

const near = (actual: number[], [r, g, b]: Rgb) =>
  Math.max(Math.abs(actual[0]! - r), Math.abs(actual[1]! - g), Math.abs(actual[2]! - b)) < 40;

describe.each(["db", "local"] as const)("thumbnails (--storage %s)", (storage) => {
  let t: TestApp;
  let alice: TestUser;
  let bobby: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    const host = await signUpHost(t);
    alice = await createUser(t, host, "alice");
    bobby = await createUser(t, host, "bobby");
  });
  afterAll(() => t.close());

  const uidOf = async (id: number) =>
    (await t.ctx.store.db.selectFrom("resource").select("uid").where("id", "=", id).executeTakeFirstOrThrow()).uid;
  const keptRow = (id: number) =>
    t.ctx.store.db.selectFrom("resource_thumbnail").select(["type", "content"]).where("resource_id", "=", id).executeTakeFirst();

  it("shrinks a JPEG to 600 px on its long side, on v0's link and v1's, and keeps it", async () => {
    const original = halves(1200, 800);
    const resource = await uploadResource(alice, "photo.jpg", "image/jpeg", original);
    const v0 = await getRaw(t, alice.client, `/o/r/${resource.id}/photo.jpg?thumbnail=1`);
    expect(v0.statusCode).toBe(200);
    expect(v0.headers["content-type"]).toBe("image/jpeg");
    expect(v0.headers["x-content-type-options"]).toBe("nosniff");
    expect(v0.rawPayload.length).toBeLessThan(original.length);
    const image = jpeg.decode(v0.rawPayload, { useTArray: true });
    expect([image.width, image.height]).toEqual([600, 400]);
    expect(near(pixel(image, 100, 200), RED)).toBe(true);
    expect(near(pixel(image, 500, 200), BLUE)).toBe(true);

    const v1 = await getRaw(t, alice.client, `/file/attachments/${await uidOf(resource.id)}/photo.jpg?thumbnail=true`);
    expect(v1.statusCode).toBe(200);
    expect(v1.rawPayload.equals(v0.rawPayload)).toBe(true);
    expect((await keptRow(resource.id))?.type).toBe("image/jpeg");

    // The thumbnail has validators of its own: the file's copy in a cache is not taken for it.
    const file = await getRaw(t, alice.client, `/o/r/${resource.id}/photo.jpg`);
    expect(file.rawPayload.equals(original)).toBe(true);
    expect(v0.headers.etag).not.toBe(file.headers.etag);
    const again = await getRaw(t, alice.client, `/o/r/${resource.id}/photo.jpg?thumbnail=1`, { "if-none-match": String(v0.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it("turns a photo upright as its EXIF orientation says (6: shown turned a quarter clockwise)", async () => {
    const resource = await uploadResource(alice, "turned.jpg", "image/jpeg", withOrientation(halves(1200, 800), 6));
    const response = await getRaw(t, alice.client, `/o/r/${resource.id}/turned.jpg?thumbnail=1`);
    const image = jpeg.decode(response.rawPayload, { useTArray: true });
    expect([image.width, image.height]).toEqual([400, 600]);
    // The left half (red) is on top once turned clockwise.
    expect(near(pixel(image, 200, 100), RED)).toBe(true);
    expect(near(pixel(image, 200, 500), BLUE)).toBe(true);
  });

  it("keeps a PNG's transparency (its thumbnail is a PNG)", async () => {
    const png = new PNG({ width: 1000, height: 500 });
    for (let i = 0; i < png.data.length; i += 4) png.data.set([10, 200, 10, i % 8 === 0 ? 255 : 0], i);
    for (let y = 0; y < 500; y += 1) for (let x = 0; x < 500; x += 1) png.data.set([10, 200, 10, 255], (y * 1000 + x) * 4);
    for (let y = 0; y < 500; y += 1) for (let x = 500; x < 1000; x += 1) png.data.set([10, 200, 10, 0], (y * 1000 + x) * 4);
    const resource = await uploadResource(alice, "logo.png", "image/png", Buffer.from(PNG.sync.write(png)));
    const response = await getRaw(t, alice.client, `/o/r/${resource.id}/logo.png?thumbnail=1`);
    expect([response.statusCode, response.headers["content-type"], response.statusCode === 200 ? "" : response.body]).toEqual([
      200,
      "image/png",
      "",
    ]);
    const image = PNG.sync.read(response.rawPayload);
    expect([image.width, image.height]).toEqual([600, 300]);
    expect(pixel(image, 100, 150)[3]).toBe(255);
    expect(pixel(image, 500, 150)[3]).toBe(0);
  });

  it("sends the file itself for a small image, another type, or bytes that do not decode, and reads each once", async () => {
    const small = halves(300, 200);
    const broken = Buffer.from(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0x10, 0, 0x10, 0]), Buffer.alloc(5000, 7)]));
    const gif = Buffer.from(Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(2000, 1)]));
    for (const [name, type, bytes] of [
      ["small.jpg", "image/jpeg", small],
      ["broken.jpg", "image/jpeg", broken],
      ["anim.gif", "image/gif", gif],
    ] as const) {
      const resource = await uploadResource(alice, name, type, bytes);
      const response = await getRaw(t, alice.client, `/o/r/${resource.id}/${name}?thumbnail=1`);
      expect([name, response.statusCode, response.headers["content-type"]]).toEqual([name, 200, type]);
      expect(response.rawPayload.equals(bytes)).toBe(true);
      // The JPEGs are read once, and remembered as their own thumbnails; another type is never read for one.
      const row = await keptRow(resource.id);
      expect([name, row?.content ?? null, row === undefined]).toEqual([name, null, type === "image/gif"]);
    }
  });

  it("follows the file's access rules, and its thumbnail goes with the resource", async () => {
    const resource = await uploadResource(alice, "mine.jpg", "image/jpeg", halves(900, 900));
    expect((await getRaw(t, bobby.client, `/o/r/${resource.id}/mine.jpg?thumbnail=1`)).statusCode).toBe(404);
    expect((await getRaw(t, alice.client, `/o/r/${resource.id}/mine.jpg?thumbnail=1`)).statusCode).toBe(200);
    expect(await keptRow(resource.id)).toBeDefined();
    expect((await alice.client.request("DELETE", `/api/resource/${resource.id}`)).status).toBe(200);
    expect(await keptRow(resource.id)).toBeUndefined();
  });

  it("refuses a thumbnail value it does not know, naming the field", async () => {
    const resource = await uploadResource(alice, "q.jpg", "image/jpeg", halves(100, 100));
    const response = await getRaw(t, alice.client, `/o/r/${resource.id}/q.jpg?thumbnail=yes`);
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/thumbnail/);
  });
});
