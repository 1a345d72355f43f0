// Formulas, diagrams and callouts in the renderer: what the lexer reads, what each draws once its part has loaded,
// and what a formula or a diagram that cannot be drawn shows instead.
import { cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { lex } from "./lexer";
import { Markdown } from "./Markdown";

afterEach(cleanup);

const inlineTypes = (content: string) => {
  const [paragraph] = lex(content);
  return (paragraph as { tokens?: Array<{ type: string }> }).tokens?.map((token) => token.type);
};

describe("the lexer's math", () => {
  it("reads $…$ and $$…$$ in a line, and $$ blocks", () => {
    expect(inlineTypes("mass $m$ and $$E=mc^2$$ here")).toEqual(["text", "math", "text", "math", "text"]);
    const [block] = lex("$$\n\\int_0^1 x\\,dx\n$$");
    expect(block).toMatchObject({ type: "math", tex: "\\int_0^1 x\\,dx", display: true });
  });

  it("keeps prices, escaped dollars and code as they are", () => {
    expect(inlineTypes("from $5 to $10")).toEqual(["text"]);
    expect(inlineTypes("\\$x\\$ costs")).not.toContain("math");
    expect(inlineTypes("`$x$` in code")).toEqual(["codespan", "text"]);
  });

  it("reads no tag, mention or emphasis inside a formula", () => {
    expect(inlineTypes("$a_1 * b_2 * c \\#tag @me$")).toEqual(["math"]);
  });
});

describe("formulas", () => {
  it("draw with KaTeX inline and on a line of their own, the TeX kept for screen readers", async () => {
    const { container } = render(<Markdown content={"Euler: $e^{i\\pi} + 1 = 0$\n\n$$\n\\sum_{k=1}^n k = \\frac{n(n+1)}{2}\n$$"} />);
    await waitFor(() => expect(container.querySelectorAll(".katex")).toHaveLength(2));
    expect(container.querySelector("p .md-math .katex")).not.toBeNull();
    expect(container.querySelector(".md-math-display .katex-display")).not.toBeNull();
    expect(container.querySelector("annotation")?.textContent).toBe("e^{i\\pi} + 1 = 0");
  });

  it("show their source and KaTeX's message when the TeX is broken", async () => {
    const { container } = render(<Markdown content={"broken $\\frac{1}{$ here\n\n$$\n\\begin{matrix} a\n$$"} />);
    await waitFor(() => expect(container.querySelectorAll(".md-rich-failure")).toHaveLength(2));
    const [inline, block] = container.querySelectorAll(".md-rich-failure");
    expect(inline!.tagName).toBe("SPAN");
    expect(inline!.querySelector("code")?.textContent).toBe("$\\frac{1}{$");
    expect(inline!.textContent).toContain("This formula could not be drawn: KaTeX parse error");
    expect(block!.querySelector("pre")?.textContent).toBe("$$\\begin{matrix} a$$");
    expect(container.querySelector(".katex")).toBeNull();
  });

  it("draw \\href and the other trusted commands as their names, never as links or markup", async () => {
    const { container } = render(<Markdown content={"$\\href{https://x.test}{x}$ $\\htmlClass{c}{y}$"} />);
    await waitFor(() => expect(container.querySelectorAll(".katex")).toHaveLength(2));
    expect(container.querySelector("a")).toBeNull();
    expect(container.querySelector(".c")).toBeNull();
    expect(container.textContent).toContain("\\href");
  });
});

describe("callouts", () => {
  it.each([
    ["NOTE", "note", "Note"],
    ["tip", "tip", "Tip"],
    ["IMPORTANT", "important", "Important"],
    ["Warning", "warning", "Warning"],
    ["CAUTION", "caution", "Caution"],
  ])("> [!%s] is a %s callout titled %j, with its icon", async (marker, kind, title) => {
    const { container } = render(<Markdown content={`> [!${marker}]\n> Mind the *gap*.\n> Second line.`} />);
    await waitFor(() => expect(container.querySelector(".md-callout-title")).not.toBeNull());
    const callout = container.querySelector(`blockquote.md-callout-${kind}`)!;
    expect(callout.querySelector(".md-callout-title")?.textContent).toBe(title);
    expect(callout.querySelector(".md-callout-title svg.lucide")).not.toBeNull();
    expect(callout.querySelector("p:not(.md-callout-title)")?.textContent).toBe("Mind the gap.Second line.");
    expect(callout.querySelector("em")?.textContent).toBe("gap");
    expect(callout.textContent).not.toContain("[!");
  });

  it("keeps a callout's lists and paragraphs, and a plain quote plain", async () => {
    const { container } = render(<Markdown content={"> [!TIP]\n>\n> - one\n> - two\n\n> [!UNKNOWN]\n> quoted"} />);
    await waitFor(() => expect(container.querySelector(".md-callout-title")).not.toBeNull());
    expect(container.querySelectorAll(".md-callout-tip li")).toHaveLength(2);
    const plain = container.querySelectorAll("blockquote")[1]!;
    expect(plain.className).toBe("");
    expect(plain.textContent).toBe("[!UNKNOWN]quoted");
  });
});

describe("diagrams", () => {
  it("show the source at once, and the source with Mermaid's message when it cannot read it", async () => {
    const source = "flowchart TD\n  A[Start] --> ";
    const { container } = render(<Markdown content={`\`\`\`mermaid\n${source}\n\`\`\``} />);
    expect(container.querySelector("code")?.textContent).toBe(source);
    await waitFor(() => expect(container.querySelector(".md-rich-failure")).not.toBeNull(), { timeout: 15_000 });
    expect(container.querySelector(".md-rich-failure pre")?.textContent).toBe(source);
    expect(container.querySelector(".md-rich-failure-message")?.textContent).toMatch(/^This diagram could not be drawn: .*Parse error/s);
    expect(container.querySelector(".md-code")).toBeNull();
  });
});
