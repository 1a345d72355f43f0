// Nothing executable may reach the DOM, whatever the memo says.
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Markdown } from "./Markdown";
import { safeHref, safeImageSrc } from "./safeUrl";

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
