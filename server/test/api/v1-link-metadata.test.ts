// v1 link previews (MemoService GetLinkMetadata, BatchGetLinkMetadata) against real pages on a loopback HTTP server,
// which the instance may reach because it runs as with --link-preview-allow-private true; without the flag, the same
// addresses are refused with words that say why.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MemoService } from "../../src/v1/gen/memos/api/v1/memo_service_pb.js";
import type { TestApp } from "../harness.js";
import { connectClient, failure, rest, startV1Instance } from "../v1-client.js";

let t: TestApp;
let base: string;
let hostToken: string;
let pages: Server;
let site: string;
/** Requests the page server has had, by path. */
const hits = new Map<string, number>();

const HEAD = `<!doctype html><html><head><title>Fallback title</title>
<meta property="og:title" content="Tea &amp; biscuits"><meta name="description" content="An afternoon, described.">
<meta property="og:image" content="/cover.png"></head><body>Hello</body></html>`;

/** A page whose Open Graph title lies past the first 256 KiB, which the server does not read. */
const LONG = `<html><head><title>Early title</title>${"<!-- padding -->".repeat(20_000)}<meta property="og:title" content="Too late"></head></html>`;

beforeAll(async () => {
  pages = createServer((request, response) => {
    const path = request.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path.startsWith("/page")) return response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(HEAD);
    if (path === "/moved") return response.writeHead(302, { location: "/page-after-redirect" }).end();
    if (path === "/long") return response.writeHead(200, { "content-type": "text/html" }).end(LONG);
    if (path === "/image.png") return response.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(64));
    response.writeHead(404, { "content-type": "text/plain" }).end("no such page");
  });
  await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
  site = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  ({ t, base, hostToken } = await startV1Instance({ linkPreviewAllowPrivate: true }));
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => pages.close(resolve));
});

const memos = () => connectClient(base, MemoService, { authorization: `Bearer ${hostToken}` });

describe("link metadata", () => {
  it("reads a page's title, description and image, on both transports, and keeps the answer", async () => {
    const url = `${site}/page`;
    expect(await memos().getLinkMetadata({ url })).toMatchObject({
      url,
      title: "Tea & biscuits",
      description: "An afternoon, described.",
      image: `${site}/cover.png`,
    });
    const overRest = await rest(base, "GET", `/api/v1/memos/-/linkMetadata?url=${encodeURIComponent(url)}`, { token: hostToken });
    expect([overRest.status, overRest.body]).toEqual([
      200,
      { url, title: "Tea & biscuits", description: "An afternoon, described.", image: `${site}/cover.png` },
    ]);
    // Fetched once: the second answer was the kept one.
    expect(hits.get("/page")).toBe(1);
  });

  it("follows a redirect, reads only the start of a long page, and answers no text for a file that is not HTML", async () => {
    expect((await memos().getLinkMetadata({ url: `${site}/moved` })).title).toBe("Tea & biscuits");
    expect(hits.get("/page-after-redirect")).toBe(1);
    expect((await memos().getLinkMetadata({ url: `${site}/long` })).title).toBe("Early title");
    expect(await memos().getLinkMetadata({ url: `${site}/image.png` })).toMatchObject({ title: "", description: "", image: "" });
  });

  it("fetches in order for a batch, stopping at the first failure", async () => {
    const answer = await memos().batchGetLinkMetadata({ urls: [`${site}/page?b=1`, `${site}/image.png`] });
    expect(answer.linkMetadata.map((each) => [each.url, each.title])).toEqual([
      [`${site}/page?b=1`, "Tea & biscuits"],
      [`${site}/image.png`, ""],
    ]);
    const stopped = await failure(memos().batchGetLinkMetadata({ urls: [`${site}/missing`, `${site}/page?b=2`] }));
    expect([stopped.code, stopped.rawMessage]).toEqual([
      Code.InvalidArgument,
      expect.stringMatching(/^invalid urls\[0\]: failed to fetch/),
    ]);
    expect(hits.get("/page?b=2")).toBeUndefined();
    for (const urls of [[], Array.from({ length: 11 }, (_, i) => `${site}/page?n=${i}`)]) {
      expect((await failure(memos().batchGetLinkMetadata({ urls }))).rawMessage).toMatch(/^invalid urls: /);
    }
  });

  it("refuses bad links and pages that fail, naming the field", async () => {
    const cases: Array<[string, RegExp]> = [
      ["", /^invalid url: a link is required/],
      ["ftp://example.com/file", /^invalid url: only http and https/],
      ["not a link", /^invalid url: .* is not a URL/],
      [`http://user:secret@127.0.0.1:1/`, /^invalid url: a link with credentials/],
      [`${site}/missing`, /^invalid url: failed to fetch link metadata: the page answered HTTP 404/],
    ];
    for (const [url, message] of cases) {
      const error = await failure(memos().getLinkMetadata({ url }));
      expect([error.code, error.rawMessage]).toEqual([Code.InvalidArgument, expect.stringMatching(message)]);
    }
    const overRest = await rest(base, "GET", "/api/v1/memos/-/linkMetadata?url=ftp%3A%2F%2Fx", { token: hostToken });
    expect(overRest.status).toBe(400);
  });

  it("is for signed-in callers only", async () => {
    const anonymous = connectClient(base, MemoService);
    expect((await failure(anonymous.getLinkMetadata({ url: `${site}/page` }))).code).toBe(Code.Unauthenticated);
    expect((await rest(base, "GET", `/api/v1/memos/-/linkMetadata?url=${encodeURIComponent(`${site}/page`)}`)).status).toBe(401);
  });

  it("refuses loopback and private addresses unless the instance allows them", async () => {
    t.ctx.config.linkPreviewAllowPrivate = false;
    try {
      for (const url of [`${site}/page?private=1`, `http://localhost:${new URL(site).port}/page?private=2`, "http://10.1.2.3/"]) {
        const error = await failure(memos().getLinkMetadata({ url }));
        expect([error.code, error.rawMessage]).toEqual([
          Code.InvalidArgument,
          expect.stringMatching(/^invalid url: the link's address is not public, and this server fetches public addresses only/),
        ]);
      }
      expect(hits.get("/page?private=1")).toBeUndefined();
      expect(hits.get("/page?private=2")).toBeUndefined();
      // Cloud metadata addresses never, whatever the flag.
      t.ctx.config.linkPreviewAllowPrivate = true;
      expect((await failure(memos().getLinkMetadata({ url: "http://169.254.169.254/latest/meta-data/" }))).rawMessage).toMatch(
        /not public/,
      );
    } finally {
      t.ctx.config.linkPreviewAllowPrivate = true;
    }
  });
});

describe("link previews at once", () => {
  it("fetches at most 8 pages at once; callers past those wait their turn, and past 64 waiting are told to come back", {
    timeout: 60_000,
  }, async () => {
    // A page server that holds every answer until the test opens it, then answers at once.
    const held: Array<() => void> = [];
    let opened = false;
    let open = 0;
    let most = 0;
    const slow = createServer((_request, response) => {
      open += 1;
      most = Math.max(most, open);
      const answer = () => {
        open -= 1;
        response.writeHead(200, { "content-type": "text/html" }).end("<title>Held page</title>");
      };
      if (opened) answer();
      else held.push(answer);
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    const slowSite = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    const preview = (path: string) =>
      rest(base, "GET", `/api/v1/memos/-/linkMetadata?url=${encodeURIComponent(`${slowSite}${path}`)}`, { token: hostToken });
    // The requests the instance has had for these pages: the 73rd goes once the 72 are in.
    let arrived = 0;
    const count = (request: { url?: string }) => {
      if (request.url?.includes("linkMetadata") && request.url.includes("page-")) arrived += 1;
    };
    t.app.server.on("request", count);
    try {
      const calls = Array.from({ length: 8 + 64 }, (_, i) => preview(`/page-${i}`));
      await vi.waitFor(() => expect([arrived, held.length]).toEqual([72, 8]), { timeout: 10_000 });
      // The 8 fetching and the 64 waiting are all there is room for: one more is refused at once, and not kept.
      const refused = await preview("/one-more");
      expect([refused.status, refused.body.code]).toEqual([503, Code.Unavailable]);
      expect(held).toHaveLength(8);
      opened = true;
      for (const release of held.splice(0)) release();
      const answers = await Promise.all(calls);
      expect(answers.map((answer) => [answer.status, answer.body.title])).toEqual(calls.map(() => [200, "Held page"]));
      expect(most).toBe(8);
      expect((await preview("/one-more")).body.title).toBe("Held page");
    } finally {
      t.app.server.off("request", count);
      for (const release of held.splice(0)) release();
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});
