// The installable web app: the manifest follows the instance's customized profile; the service worker and
// index.html are always revalidated (a cached copy would hide a new version), and index.html keeps its framing rule.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous, signUpHost } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

describe("the web manifest", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("names the app memos by default, standalone, with the icons an install needs", async () => {
    const response = await anonymous(t).get("/manifest.webmanifest");
    expect(response.status).toBe(200);
    expect(String(response.headers["content-type"])).toMatch(/^application\/manifest\+json/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    const manifest = response.body;
    expect(manifest).toMatchObject({ name: "memos", short_name: "memos", start_url: "/", scope: "/", display: "standalone" });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const icons = manifest.icons as { sizes: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  });

  it("takes the name and description of the customized profile, the short name cut for launchers", async () => {
    const host = await signUpHost(t);
    const profile = {
      name: "Team Notebook of Ops",
      description: "Where the ops team writes",
      logoUrl: "",
      locale: "en",
      appearance: "system",
      externalUrl: "",
    };
    const saved = await host.client.post("/api/system/setting", { name: "customizedProfile", value: JSON.stringify(profile) });
    expect(saved.status).toBe(200);
    const manifest = (await anonymous(t).get("/manifest.webmanifest")).body;
    expect(manifest.name).toBe("Team Notebook of Ops");
    expect([...manifest.short_name].length).toBeLessThanOrEqual(12);
    expect(manifest.short_name.startsWith("Team Note")).toBe(true);
    expect(manifest.description).toBe("Where the ops team writes");

    const short = { ...profile, name: "Ops" };
    await host.client.post("/api/system/setting", { name: "customizedProfile", value: JSON.stringify(short) });
    expect((await anonymous(t).get("/manifest.webmanifest")).body).toMatchObject({ name: "Ops", short_name: "Ops" });
  });
});

describe("the service worker and index.html", () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "memos-web-"));
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>memos</title>");
    writeFileSync(join(dist, "sw.js"), "self.addEventListener('fetch', () => {});");
    writeFileSync(join(dist, "assets", "app-1234.js"), "console.log(1);");
    // What the build writes beside each text file (web/vite.config.ts precompress).
    for (const file of ["sw.js", "index.html", join("assets", "app-1234.js")]) {
      const bytes = readFileSync(join(dist, file));
      writeFileSync(join(dist, `${file}.br`), brotliCompressSync(bytes));
      writeFileSync(join(dist, `${file}.gz`), gzipSync(bytes));
    }
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("serves sw.js as JavaScript revalidated on every load, allowed the whole site as scope", async () => {
    const response = await anonymous(t).get("/sw.js");
    expect(response.status).toBe(200);
    expect(String(response.headers["content-type"])).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers["service-worker-allowed"]).toBe("/");
  });

  it("sends the build's precompressed files as they are, with the same headers", async () => {
    for (const [encoding, suffix] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      for (const [path, cacheControl] of [
        ["/sw.js", "no-cache"],
        ["/index.html", "no-cache"],
        ["/assets/app-1234.js", "public, max-age=31536000, immutable"],
      ] as const) {
        const response = await t.app.inject({ method: "GET", url: path, headers: { "accept-encoding": encoding } });
        expect(response.statusCode, path).toBe(200);
        expect(response.headers["content-encoding"], path).toBe(encoding);
        expect(response.rawPayload.equals(readFileSync(join(dist, `${path.slice(1)}${suffix}`))), path).toBe(true);
        expect(response.headers["cache-control"], path).toBe(cacheControl);
      }
    }
    const worker = await t.app.inject({ method: "GET", url: "/sw.js", headers: { "accept-encoding": "br" } });
    expect(worker.headers["service-worker-allowed"]).toBe("/");
    expect(String(worker.headers["content-type"])).toMatch(/javascript/);
  });

  it("serves /index.html (which the service worker precaches) revalidated and not framable; assets stay immutable", async () => {
    const index = await anonymous(t).get("/index.html");
    expect(index.status).toBe(200);
    expect(index.headers["cache-control"]).toBe("no-cache");
    expect(index.headers["x-frame-options"]).toBe("SAMEORIGIN");
    const asset = await anonymous(t).get("/assets/app-1234.js");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});

describe("a web app kept compressed only (the image deletes the build's files that have a .br and a .gz)", () => {
  let t: TestApp;
  let dist: string;
  const script = "console.log('kept compressed only');".repeat(40);
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "memos-web-"));
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>memos</title>");
    writeFileSync(join(dist, "assets", "app-5678.js.br"), brotliCompressSync(script));
    writeFileSync(join(dist, "assets", "app-5678.js.gz"), gzipSync(script));
    writeFileSync(join(dist, "assets", "style-1.css.gz"), gzipSync("body{color:red}"));
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, method: "GET" | "HEAD" = "GET") =>
    t.app.inject({ method, url, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });

  it("sends the compressed copy the client accepts, under the original's type and rules", async () => {
    for (const [acceptEncoding, encoding, suffix] of [
      ["gzip, deflate, br", "br", ".br"],
      ["gzip", "gzip", ".gz"],
    ] as const) {
      const response = await get("/assets/app-5678.js", acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(String(response.headers["content-type"])).toMatch(/javascript/);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(response.rawPayload.equals(readFileSync(join(dist, "assets", `app-5678.js${suffix}`)))).toBe(true);
    }
  });

  it("decompresses it for a client that accepts no encoding, or refuses both", async () => {
    for (const acceptEncoding of [undefined, "identity", "br;q=0, gzip;q=0"]) {
      const response = await get("/assets/app-5678.js", acceptEncoding);
      expect(response.statusCode, acceptEncoding).toBe(200);
      expect(response.headers["content-encoding"], acceptEncoding).toBeUndefined();
      expect(response.body, acceptEncoding).toBe(script);
      expect(String(response.headers["content-type"])).toBe("text/javascript; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    }
    const css = await get("/assets/style-1.css");
    expect(css.body).toBe("body{color:red}");
    expect(String(css.headers["content-type"])).toBe("text/css; charset=utf-8");
    // Only a .gz: a client asking for br first still gets it, as gzip.
    expect((await get("/assets/style-1.css", "br, gzip")).headers["content-encoding"]).toBe("gzip");
  });

  it("answers a revalidation with its ETag by 304", async () => {
    const first = await get("/assets/app-5678.js", "br");
    expect(first.headers.etag).toMatch(/^W\/"/);
    const again = await t.app.inject({
      method: "GET",
      url: "/assets/app-5678.js",
      headers: { "accept-encoding": "br", "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("answers HEAD, and a path the build did not write is still the app's page", async () => {
    const head = await get("/assets/app-5678.js", undefined, "HEAD");
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
    const other = await get("/assets/app-0000.js");
    expect(other.statusCode).toBe(200);
    expect(String(other.headers["content-type"])).toMatch(/text\/html/);
  });
});
