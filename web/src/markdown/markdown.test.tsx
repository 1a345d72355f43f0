import { cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Markdown } from "./Markdown";

afterEach(cleanup);

const html = (content: string) => render(<Markdown content={content} />).container.innerHTML;

describe("Markdown blocks", () => {
  it("renders headings, quotes, rules and paragraphs", () => {
    const { container } = render(<Markdown content={"# One\n## Two\n> quoted\n\n---\nplain"} />);
    expect(container.querySelector("h1")?.textContent).toBe("One");
    expect(container.querySelector("h2")?.textContent).toBe("Two");
    expect(container.querySelector("blockquote")?.textContent).toBe("quoted");
    expect(container.querySelector("hr")).not.toBeNull();
    expect(container.querySelector(".md > p")?.textContent).toBe("plain");
  });

  it("keeps single newlines as line breaks and treats --- under text as a rule", () => {
    const { container } = render(<Markdown content={"line one\nline two\n---\nafter"} />);
    expect(container.querySelectorAll("br")).toHaveLength(1);
    expect(container.querySelector("h2")).toBeNull();
    expect(container.querySelector("hr")).not.toBeNull();
  });

  it("renders ordered, unordered and todo lists", () => {
    const { container } = render(<Markdown content={"1. a\n2. b\n\n- x\n- y\n\n- [ ] todo\n- [x] done"} />);
    expect(container.querySelectorAll("ol > li")).toHaveLength(2);
    const boxes = container.querySelectorAll<HTMLInputElement>("input[type=checkbox]");
    expect(boxes).toHaveLength(2);
    expect(boxes[0]!.checked).toBe(false);
    expect(boxes[1]!.checked).toBe(true);
  });

  it("renders fenced code as text with a copy button", () => {
    const { container } = render(<Markdown content={"```js\nconst a = '<b>';\n```"} />);
    expect(container.querySelector("pre code")?.textContent).toBe("const a = '<b>';");
    expect(container.querySelector("b")).toBeNull();
    expect(container.querySelector("button[aria-label]")).not.toBeNull();
  });

  it("renders tables", () => {
    const { container } = render(<Markdown content={"| a | b |\n|---|---|\n| 1 | 2 |"} />);
    expect(container.querySelectorAll("td")).toHaveLength(2);
  });
});

describe("Markdown inline", () => {
  it("renders bold, italic, strike and inline code", () => {
    const { container } = render(<Markdown content={"**b** *i* ~~s~~ `c`"} />);
    expect(container.querySelector("strong")?.textContent).toBe("b");
    expect(container.querySelector("em")?.textContent).toBe("i");
    expect(container.querySelector("del")?.textContent).toBe("s");
    expect(container.querySelector("code")?.textContent).toBe("c");
  });

  it("opens links in a new tab without a referrer, including auto-links", () => {
    const { container } = render(<Markdown content={"[site](https://example.com) and https://memos.test/page"} />);
    const links = container.querySelectorAll("a");
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toContain("noreferrer");
    }
    expect(links[1]!.getAttribute("href")).toBe("https://memos.test/page");
  });

  it("renders images and reports clicks", () => {
    const onImageClick = vi.fn();
    const { container } = render(<Markdown content={"![alt](/o/r/1/a.png)"} onImageClick={onImageClick} />);
    const image = container.querySelector("img")!;
    expect(image.getAttribute("src")).toBe("/o/r/1/a.png");
    fireEvent.click(image);
    expect(onImageClick).toHaveBeenCalledWith("/o/r/1/a.png");
  });

  it("decodes character references in text", () => {
    expect(render(<Markdown content={"a &amp; b &#35;"} />).container.textContent).toBe("a & b #");
  });

  it("makes tags clickable, but not inside code or link text", () => {
    const onTagClick = vi.fn();
    const { container } = render(<Markdown content={"#work/a hi `#no` [#nope](https://x.test)"} onTagClick={onTagClick} />);
    const tags = container.querySelectorAll("button.md-tag");
    expect(tags).toHaveLength(1);
    fireEvent.click(tags[0]!);
    expect(onTagClick).toHaveBeenCalledWith("work/a");
  });

  it("numbers todo items in document order for toggling", () => {
    const onTodoToggle = vi.fn();
    const { container } = render(<Markdown content={"- [ ] a\n  - [x] nested\n- [ ] b"} onTodoToggle={onTodoToggle} />);
    const boxes = container.querySelectorAll("input");
    fireEvent.click(boxes[1]!);
    expect(onTodoToggle).toHaveBeenCalledWith(1, false);
    fireEvent.click(boxes[2]!);
    expect(onTodoToggle).toHaveBeenCalledWith(2, true);
  });

  it("disables todo boxes without a toggle handler", () => {
    expect(html("- [ ] a")).toContain("disabled");
  });
});

describe("search marks", () => {
  it("marks the search's terms in text, bold and link text, never in code, and the link still goes where it went", () => {
    const content = "Login **fails** on [Safari docs](https://example.com/safari)\n\n`login` code\n\n```\nlogin fails\n```\n#safari";
    const { container } = render(<Markdown content={content} marks={["safari", "login", "fails"]} />);
    const marks = [...container.querySelectorAll("mark")].map((mark) => mark.textContent);
    expect(marks).toEqual(["Login", "fails", "Safari"]);
    const link = container.querySelector("a")!;
    expect(link.getAttribute("href")).toBe("https://example.com/safari");
    expect(link.textContent).toBe("Safari docs");
    expect(container.querySelector("code mark, pre mark, .md-tag mark")).toBeNull();
  });

  it("marks nothing without terms", () => {
    expect(html("Login fails")).not.toContain("<mark");
  });
});
