// Nothing executable may reach the DOM, whatever the memo says.
import { cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Markdown } from "./Markdown";
import { safeHref, safeImageSrc } from "./safeUrl";
import { sanitizeDiagram, sanitizeFormula } from "./sanitize-rich";

afterEach(cleanup);

const JS_URLS = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "&#106;avascript:alert(1)",
  "&#x6A;avascript:alert(1)",
  "&#0000106avascript:alert(1)",
  "javascript&colon;alert(1)",
  "javascript%3Aalert(1)",
  "\u0001javascript:alert(1)",
  "vbscript:msgbox(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "data:text/html,<script>alert(1)</script>",
  "data:image/svg+xml,<svg onload=alert(1)>",
  "file:///etc/passwd",
];

const PAYLOADS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "text <img src=x onerror=alert(1)> inline",
  "<svg onload=alert(1)><circle /></svg>",
  "<svg><script>alert(1)</script></svg>",
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  "<details open ontoggle=alert(1)>",
  "<body onload=alert(1)>",
  "<style>@import 'http://evil'</style>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  "<input autofocus onfocus=alert(1)>",
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  "&lt;script&gt;alert(1)&lt;/script&gt;",
  "<scr<script>ipt>alert(1)</script>",
  '![x](x" onerror="alert(1))',
  '![x](https://x.test/a.png"onerror="alert(1))',
  '[x](https://x.test "title\\" onmouseover=alert(1)")',
  "```html\n<script>alert(1)</script>\n```",
  "`<img src=x onerror=alert(1)>`",
  "- [ ] <img src=x onerror=alert(1)>",
  "> <script>alert(1)</script>",
  "# <svg onload=alert(1)>",
  "| <script>alert(1)</script> | b |\n|---|---|\n| <img src=x onerror=alert(1)> | 2 |",
  "#<img/src=x/onerror=alert(1)>",
  ...JS_URLS.flatMap((url) => [
    `[click](${url})`,
    `[click](<${url}>)`,
    `![img](${url})`,
    `<${url}>`,
    `[ref]\n\n[ref]: ${url}`,
    `![ref][img]\n\n[img]: ${url}`,
  ]),
];

const DANGEROUS_TAGS =
  "script, iframe, object, embed, math, style, form, base, meta, link, frame, frameset, body, details, textarea, select";

function assertInert(container: HTMLElement) {
  expect(container.querySelector(DANGEROUS_TAGS)).toBeNull();
  // The only SVGs are our own icons, the only inputs our todo boxes.
  for (const svg of container.querySelectorAll("svg")) expect(svg.classList.contains("lucide")).toBe(true);
  for (const input of container.querySelectorAll("input")) expect(input.className).toBe("md-todo");
  for (const element of container.querySelectorAll("*")) {
    for (const attribute of element.attributes) {
      if (element.tagName === "INPUT" && attribute.name === "type") continue;
      expect(attribute.name.startsWith("on"), `${element.tagName} ${attribute.name}`).toBe(false);
      expect(attribute.name).not.toBe("srcdoc");
      expect(attribute.name).not.toBe("style");
      if (attribute.name === "href" || attribute.name === "src" || attribute.name === "action") {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore these characters in a URL
        const value = attribute.value.toLowerCase().replace(/[\s\u0000-\u001f]/g, "");
        expect(value, attribute.value).not.toMatch(/^(javascript|vbscript|file):/);
        if (value.startsWith("data:")) expect(value).toMatch(/^data:image\/(png|jpe?g|gif|webp|avif|bmp);/);
      }
    }
  }
}

describe("XSS payloads", () => {
  it.each(PAYLOADS)("renders %j inertly", (payload) => {
    const { container } = render(<Markdown content={payload} onTagClick={() => {}} onTodoToggle={() => {}} onImageClick={() => {}} />);
    assertInert(container);
    for (const input of container.querySelectorAll("input")) expect(input.type).toBe("checkbox");
  });

  it("shows raw HTML as the text that was written", () => {
    const { container } = render(<Markdown content={"<b>bold?</b> <script>alert(1)</script>"} />);
    expect(container.textContent).toContain("<b>bold?</b>");
    expect(container.querySelector("b")).toBeNull();
  });

  it("keeps an image from data:image but rejects svg data URLs", () => {
    expect(safeImageSrc("data:image/png;base64,iVBORw0KGgo=")).toBe("data:image/png;base64,iVBORw0KGgo=");
    expect(safeImageSrc("data:image/svg+xml;base64,PHN2Zz4=")).toBeNull();
  });

  it.each(JS_URLS)("refuses %j as a link and an image", (url) => {
    expect(safeHref(url)).toBeNull();
    expect(safeImageSrc(url)).toBeNull();
  });

  it("accepts ordinary links", () => {
    expect(safeHref("https://example.com/a?b#c")).toBe("https://example.com/a?b#c");
    expect(safeHref("mailto:a@b.test")).toBe("mailto:a@b.test");
    expect(safeHref("/m/12")).toBe("/m/12");
    expect(safeHref("notes/today")).toBe("notes/today");
  });
});

/** Formulas with markup, script and links in them: KaTeX (trust off) draws them as text or refuses them. */
const MATH_PAYLOADS = [
  "$<img src=x onerror=alert(1)>$",
  "$x$<script>alert(1)</script>$y$",
  "$\\text{<script>alert(1)</script>}$",
  "$\\href{javascript:alert(1)}{click}$",
  "$\\url{javascript:alert(1)}$",
  "$\\includegraphics{https://evil.test/x.png}$",
  "$\\htmlStyle{position:fixed;inset:0;background:url(javascript:alert(1))}{x}$",
  "$\\htmlData{onclick=alert(1)}{x}$",
  "$\\htmlId{location}{x}$",
  "$\\color{red;background:url(javascript:alert(1))}{x}$",
  "$$\\rule{100000em}{100000em}$$",
  "$$\\def\\a{\\a\\a}\\a$$",
  '$"><svg onload=alert(1)>$',
];

/** Diagrams that try links, clicks, scripts and HTML labels. */
const DIAGRAM_PAYLOADS = [
  'flowchart LR\n  A["<img src=x onerror=alert(1)>"] --> B\n  click A href "javascript:alert(1)"\n  click B call alert(1)',
  '%%{init: {"securityLevel": "loose", "htmlLabels": true}}%%\nflowchart LR\n  A["<script>alert(1)</script>"] --> B',
  "sequenceDiagram\n  Alice->>Bob: <img src=x onerror=alert(1)>\n  link Alice: Evil @ javascript:alert(1)",
];

/** KaTeX's own markup: MathML, its SVG strokes and computed lengths; nothing that runs, links or loads. */
function assertFormulaInert(container: HTMLElement) {
  expect(container.querySelector("script, iframe, object, embed, a, img, form, foreignObject, style, base, link")).toBeNull();
  for (const element of container.querySelectorAll("*")) {
    for (const attribute of element.attributes) {
      expect(attribute.name.startsWith("on"), `${element.tagName} ${attribute.name}`).toBe(false);
      expect(["href", "xlink:href", "src", "action", "srcdoc", "id"]).not.toContain(attribute.name);
      if (attribute.name === "style") {
        expect(element.closest(".katex"), attribute.value).not.toBeNull();
        expect(attribute.value).not.toMatch(/url\(|position|expression|javascript:/i);
      }
    }
  }
  for (const svg of container.querySelectorAll("svg"))
    expect(svg.classList.contains("lucide") || svg.closest(".katex") !== null).toBe(true);
  for (const math of container.querySelectorAll("math")) expect(math.closest(".katex-mathml")).not.toBeNull();
}

describe("XSS payloads in formulas and diagrams", () => {
  it.each(MATH_PAYLOADS)("draws %j inertly", async (payload) => {
    const { container } = render(<Markdown content={payload} />);
    await waitFor(() => expect(container.querySelector(".katex, .md-rich-failure")).not.toBeNull());
    assertFormulaInert(container);
  });

  it.each(DIAGRAM_PAYLOADS)("shows %j inertly", async (payload) => {
    const { container } = render(<Markdown content={`\`\`\`mermaid\n${payload}\n\`\`\``} />);
    // jsdom lays out no text, so Mermaid fails here; Chromium draws these (e2e/tests/rich-memos.spec.ts).
    await waitFor(() => expect(container.querySelector(".md-rich-failure, .md-diagram")).not.toBeNull(), { timeout: 15_000 });
    assertInert(container);
    // Nor does what Mermaid leaves in the page to measure text with.
    expect(document.body.querySelector("script, img, iframe, foreignObject, [onerror], [onclick], [onload]")).toBeNull();
  });

  it("the sanitiser strips script, handlers, links and foreign content from a diagram's SVG", () => {
    const svg = sanitizeDiagram(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(1)</script>' +
        '<a href="javascript:alert(1)"><text>x</text></a><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject>' +
        '<image href="https://evil.test/x.png"/><use href="#x"/><style>.label{fill:red}</style><rect onclick="alert(1)"/></svg>',
    )!;
    expect(svg.querySelector("script, a, foreignObject, iframe, image, use")).toBeNull();
    expect(svg.outerHTML).not.toMatch(/onload|onclick|javascript:|evil/);
    expect(svg.querySelector("style")?.textContent).toBe(".label{fill:red}");
    expect(svg.querySelector("text")?.textContent).toBe("x");
  });

  it("the sanitiser keeps KaTeX's markup and drops what it would not write", () => {
    const fragment = sanitizeFormula(
      '<span class="katex"><span class="katex-mathml"><math><semantics><mi>x</mi><annotation encoding="application/x-tex">x</annotation></semantics></math></span>' +
        '<span class="katex-html" style="height:1em" onmouseover="alert(1)"><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)><style>*{}</style></span></span>',
    );
    const host = document.createElement("div");
    host.append(fragment);
    expect(host.querySelector("math annotation")?.textContent).toBe("x");
    expect(host.querySelector(".katex-html")?.getAttribute("style")).toBe("height:1em");
    expect(host.querySelector("a, img, style, [onmouseover]")).toBeNull();
  });
});
