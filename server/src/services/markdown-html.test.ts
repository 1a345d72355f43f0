// The feed's HTML of formulas, diagrams and callouts: MathML by KaTeX, diagrams as their source, callouts as
// coloured quotes; and untrusted text stays inert through all three.
import { describe, expect, it } from "vitest";
import { markdownToSafeHtml } from "./markdown-html.js";

const html = (markdown: string) => markdownToSafeHtml(markdown, "https://memos.test");

describe("markdownToSafeHtml's richer parts", () => {
  it("draws formulas as MathML with their TeX, inline and on a line of their own", () => {
    const out = html("Euler: $e^{i\\pi}+1=0$\n\n$$\n\\frac{a}{b}\n$$");
    expect(out).toMatch(/<p>Euler: <span class="katex"><math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML"><semantics>/);
    expect(out).toContain('<annotation encoding="application/x-tex">e^{i\\pi}+1=0</annotation>');
    expect(out).toMatch(/<math xmlns="[^"]+" display="block"><semantics><mrow><mfrac><mi>a<\/mi><mi>b<\/mi><\/mfrac>/);
  });

  it("keeps prices text, and shows a formula it cannot read as its source with KaTeX's message", () => {
    expect(html("from $5 to $10")).toBe("<p>from $5 to $10</p>\n");
    expect(html("bad $\\frac{1}{$ here")).toMatch(
      /^<p>bad <code>\$\\frac\{1\}\{\$<\/code> <em>\(KaTeX parse error: [^<]+\)<\/em> here<\/p>/,
    );
  });

  it('keeps a Mermaid diagram as its source in <pre class="mermaid">', () => {
    expect(html("```mermaid\nflowchart LR\n  A --> B & C\n```")).toBe(
      '<pre class="mermaid"><code>flowchart LR\n  A --&gt; B &amp; C</code></pre>\n',
    );
  });

  it.each([
    ["NOTE", "note", "Note", "#2563eb"],
    ["tip", "tip", "Tip", "#15803d"],
    ["IMPORTANT", "important", "Important", "#7c3aed"],
    ["WARNING", "warning", "Warning", "#b45309"],
    ["Caution", "caution", "Caution", "#dc2626"],
  ])("renders > [!%s] as a %s callout titled %s", (marker, kind, title, colour) => {
    expect(html(`> [!${marker}]\n> Mind the *gap*.`)).toBe(
      `<blockquote class="callout callout-${kind}" style="border-left:4px solid ${colour};padding-left:0.75em">` +
        `<p><strong style="color:${colour}">${title}</strong></p>\n<p>Mind the <em>gap</em>.</p>\n</blockquote>\n`,
    );
  });

  it("keeps a plain quote plain", () => {
    expect(html("> [!DANGER]\n> x")).toBe("<blockquote>\n<p>[!DANGER]<br />x</p>\n</blockquote>\n");
  });

  it.each([
    "$\\href{javascript:alert(1)}{x}$",
    "$<img src=x onerror=alert(1)>$",
    "$\\htmlStyle{position:fixed}{x}$ $\\includegraphics{https://evil.test/x.png}$",
    '```mermaid\nflowchart LR\n  A["<script>alert(1)</script>"]\n  click A href "javascript:alert(1)"\n```',
    "> [!NOTE]\n> <script>alert(1)</script><img src=x onerror=alert(1)>",
    '<blockquote class="callout" style="position:fixed;inset:0">x</blockquote><pre class="mermaid evil">y</pre>',
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  ])("leaves nothing active of %j", (markdown) => {
    const tags = html(markdown).match(/<[a-z][^>]*>/gi) ?? [];
    for (const tag of tags) {
      expect(tag).not.toMatch(/^<(script|iframe|style|object|embed|a)\b/i);
      expect(tag).not.toMatch(/\son\w+=|javascript:|evil|position/i);
      if (/\sstyle=/.test(tag))
        expect(tag).toMatch(
          /^<(blockquote|strong) [^>]*style="(border-left:4px solid #[0-9a-f]{6};padding-left:0.75em|color:#[0-9a-f]{6})"/,
        );
      if (/\sclass=/.test(tag)) expect(tag).toMatch(/class="(katex|mermaid|callout( callout-\w+)?)"/);
    }
  });
});
