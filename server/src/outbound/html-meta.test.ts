import { describe, expect, it } from "vitest";
import { readHtmlMeta } from "./html-meta.js";

const PAGE = "https://example.test/posts/1";

describe("readHtmlMeta", () => {
  it("prefers Open Graph, then the page's own title and description", () => {
    const html = `<!doctype html><html><head>
      <title>  Page &amp; title </title>
      <meta name="description" content="Plain words">
      <meta property="og:title" content='The &quot;real&quot; title'>
      <meta content="/img/cover.png" property="og:image" />
    </head><body><meta property="og:description" content="in the body, not read"></body></html>`;
    expect(readHtmlMeta(html, PAGE)).toEqual({
      title: 'The "real" title',
      description: "Plain words",
      image: "https://example.test/img/cover.png",
    });
  });

  it("falls back to <title>, decodes numeric entities and drops images that are not http(s)", () => {
    const html = `<head><TITLE>Caf&#233; &#x2014;\n menu</TITLE><meta property="og:image" content="javascript:alert(1)"></head>`;
    expect(readHtmlMeta(html, PAGE)).toEqual({ title: "Café — menu", description: "", image: "" });
  });

  it("answers empty fields for a page without any, and for text that is no HTML", () => {
    expect(readHtmlMeta("<html><body><h1>Hello</h1></body></html>", PAGE)).toEqual({ title: "", description: "", image: "" });
    expect(readHtmlMeta("<meta<meta<meta".repeat(10_000), PAGE)).toEqual({ title: "", description: "", image: "" });
  });

  it("caps what it keeps", () => {
    const html = `<title>${"t".repeat(5000)}</title><meta name="description" content="${"d".repeat(10_000)}">`;
    const meta = readHtmlMeta(html, PAGE);
    expect([meta.title.length, meta.description.length]).toEqual([512, 2048]);
  });
});
