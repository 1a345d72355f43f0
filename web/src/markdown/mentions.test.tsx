// Mentions the renderer links must be the users the server notifies (common's extractMentions).
import { extractMentions } from "@memos/common";
import { cleanup, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { Markdown } from "./Markdown";

afterEach(cleanup);

function renderedMentions(content: string): string[] {
  const { container } = render(<Markdown content={content} />);
  const names = Array.from(container.querySelectorAll("a.md-mention"), (node) => node.textContent!.slice(1));
  cleanup();
  return [...new Set(names)];
}

const CASES = [
  "thanks @alice and @bob.",
  "cc @jo_hn-doe, @li.na!",
  "mail me: someone@example.com",
  "`@code` and ```\n@block\n```",
  "[see @alice](https://x.test/@alice) https://mastodon.test/@bob",
  "@ alone, @@double, path/@name",
  "中文 @小明 好",
  "#@alice is a tag, #tag@bob too",
  "**@bold** and *@em* and ~~@gone~~",
  "> quoted @carol\n\n- [ ] ask @dave",
  "snake_@case and x.@dot and a-@dash",
  "| @in-table | b |\n|---|---|\n| 1 | @cell |",
];

describe("mentions in rendered memos", () => {
  it.each(CASES)("link exactly the users extractMentions names for %j", (content) => {
    expect(renderedMentions(content)).toEqual(extractMentions(content));
  });

  it("links to the user's page by name, in the app without a reload", () => {
    const router = createMemoryRouter([{ path: "/", element: <Markdown content="hi @Mia.Rose." /> }]);
    const { container } = render(<RouterProvider router={router} />);
    const link = container.querySelector("a.md-mention")!;
    expect(link.textContent).toBe("@Mia.Rose");
    expect(link.getAttribute("href")).toBe("/u/@Mia.Rose");
  });
});
