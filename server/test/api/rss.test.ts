// RSS feeds: /u/:id/rss.xml and /explore/rss.xml — well-formed XML, PUBLIC NORMAL memos only, safe HTML.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

const XML_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** A strict-enough well-formedness check: balanced tags, no stray `<`, only known entities, no control chars. */
function assertWellFormedXml(xml: string): void {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const body = xml.replace(/^<\?xml[^>]*\?>/, "");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters
  expect(body).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  const stack: string[] = [];
  for (const token of body.split(/(<[^<>]*>)/)) {
    if (token.startsWith("<")) {
      const match = /^<(\/?)([A-Za-z][\w:.-]*)(?:\s[^<>]*)?(\/?)>$/.exec(token);
      expect(match, `malformed tag ${token}`).not.toBeNull();
      const [, closing, name, selfClosing] = match!;
      if (selfClosing) continue;
      if (closing) expect(stack.pop(), `unbalanced </${name}>`).toBe(name);
      else stack.push(name!);
    } else {
      expect(token, "raw < or > in text").not.toMatch(/[<>]/);
      for (const entity of token.matchAll(/&([^;\s]*);?/g)) {
        expect(entity[0], `bad entity ${entity[0]}`).toMatch(/^&(lt|gt|amp|quot|apos|#\d+|#x[\da-fA-F]+);$/);
      }
    }
  }
  expect(stack).toEqual([]);
}

const unescapeXml = (text: string): string => text.replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!);

interface FeedItem {
  title: string;
  link: string;
  html: string;
  pubDate: string;
}

function itemsOf(xml: string): FeedItem[] {
  return [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, item]) => {
    const field = (name: string) => unescapeXml(new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(item!)?.[1] ?? "");
    return { title: field("title"), link: field("link"), html: field("description"), pubDate: field("pubDate") };
  });
}

describe("RSS feeds", () => {
  let t: TestApp;
  let host: TestUser;
  let writer: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
    writer = await createUser(t, host, "writer");
    other = await createUser(t, host, "other");
  });
  afterAll(() => t.close());

  const feed = async (url: string) => {
    const response = await anonymous(t).get(url);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/xml; charset=utf-8$/i);
    assertWellFormedXml(response.text);
    return response.text;
  };

  it("a user's feed holds only their PUBLIC NORMAL memos, newest first, with the wire's titles and links", async () => {
    const older = await createMemo(writer, "public older", "PUBLIC", { createdTs: 1_700_000_000 });
    const newer = await createMemo(writer, "public newer", "PUBLIC", { createdTs: 1_700_000_100 });
    await createMemo(writer, "protected one", "PROTECTED");
    await createMemo(writer, "private one", "PRIVATE");
    const archived = await createMemo(writer, "archived one", "PUBLIC");
    await writer.client.patch(`/api/memo/${archived.id}`, { rowStatus: "ARCHIVED" });
    await createMemo(other, "someone else", "PUBLIC");

    const xml = await feed(`/u/${writer.user.id}/rss.xml`);
    expect(xml).toMatch(/<rss version="2.0">/);
    const items = itemsOf(xml);
    expect(items.map((item) => item.title)).toEqual([`writer-memos-${newer.id}`, `writer-memos-${older.id}`]);
    expect(items[0]!.link).toBe(`http://localhost:80/m/${newer.id}`);
    expect(items[1]!.pubDate).toBe(new Date(1_700_000_000 * 1000).toUTCString());
    expect(items[0]!.html).toContain("public newer");
    for (const hidden of ["protected one", "private one", "archived one", "someone else"]) expect(xml).not.toContain(hidden);
    // Signed-in callers get the same public document.
    expect((await writer.client.get(`/u/${writer.user.id}/rss.xml`)).text).not.toContain("private one");
  });

  it("the explore feed holds everyone's PUBLIC NORMAL memos", async () => {
    const mine = await createMemo(writer, "explore writer", "PUBLIC");
    const theirs = await createMemo(other, "explore other", "PUBLIC");
    await createMemo(other, "explore hidden", "PROTECTED");
    const xml = await feed("/explore/rss.xml");
    const titles = itemsOf(xml).map((item) => item.title);
    expect(titles).toContain(`writer-memos-${mine.id}`);
    expect(titles).toContain(`other-memos-${theirs.id}`);
    expect(xml).not.toContain("explore hidden");
    expect(xml).not.toContain("private one");
  });

  it("renders markdown as sanitized HTML: no script, event handler or javascript: link stays active", async () => {
    const hostile = [
      "**bold** and [ok](https://example.com/page)",
      "<script>alert('xss')</script>",
      "[click](javascript:alert(1)) [mixed](JaVaScRiPt:alert(2)) [data](data:text/html;base64,PHNjcmlwdD4=)",
      '<a href="javascript:alert(3)">raw link</a> <img src="x" onerror="alert(4)"> <svg onload="alert(5)"></svg>',
      '<iframe src="https://evil.example"></iframe> <style>body{}</style> ]]> \u0001control',
      "![pic](/o/r/1/pic.png)",
    ].join("\n\n");
    const reader = await createUser(t, host, "reader");
    const memo = await createMemo(reader, hostile, "PUBLIC");
    const xml = await feed(`/u/${reader.user.id}/rss.xml`);
    // Nothing active reaches the XML itself unescaped.
    expect(xml).not.toMatch(/<(script|img|a|iframe|svg)\b/i);
    const [item] = itemsOf(xml);
    expect(item!.title).toBe(`reader-memos-${memo.id}`);
    const html = item!.html;
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toMatch(/<a href="https:\/\/example.com\/page"[^>]*rel="noopener noreferrer"/);
    expect(html).toContain('src="http://localhost:80/o/r/1/pic.png"');
    expect(html).not.toMatch(/<script|<iframe|<svg|<style/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/\son\w+\s*=/i);
    expect(html).not.toMatch(/href="data:/i);
    expect(html).not.toContain("alert('xss')");
  });

  it("answers 404 for an unknown user and 400 for a malformed id", async () => {
    expectError(await anonymous(t).get("/u/987654/rss.xml"), 404);
    expectError(await anonymous(t).get("/u/abc/rss.xml"), 400);
    expectError(await anonymous(t).get("/u/0/rss.xml"), 400);
    expectError(await anonymous(t).get("/u/-1/rss.xml"), 400);
  });

  it("a user without public memos gets an empty, valid feed", async () => {
    const quiet = await createUser(t, host, "quiet");
    await createMemo(quiet, "only private", "PRIVATE");
    const xml = await feed(`/u/${quiet.user.id}/rss.xml`);
    expect(itemsOf(xml)).toEqual([]);
    expect(xml).toContain("<channel>");
  });
});
