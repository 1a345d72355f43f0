import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import "../../i18n";
import { keys } from "../../queries/keys";
import { userFixture } from "../../test/fixtures";
import { UserBanner } from "./UserBanner";

afterEach(cleanup);

/** The banner of a user with `memos` memos and `tags` tags, its queries answered from the cache. */
function renderBanner(memos: number, tags: number, role: "HOST" | "ADMIN" | "USER" = "USER", avatarUrl = "") {
  const user = userFixture({ id: 7, createdTs: Math.floor(Date.now() / 1000), role, avatarUrl, nickname: "Ann" });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  client.setQueryData(keys.memos.amount(user.id), memos);
  client.setQueryData(
    keys.tags,
    Array.from({ length: tags }, (_, i) => `tag${i}`),
  );
  const router = createMemoryRouter([{ path: "/", element: <UserBanner user={user} me={user} visitor={false} /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return (label: RegExp) => screen.getByText(label).parentElement!.querySelector("dd")!;
}

describe("UserBanner", () => {
  it("shows a large count compactly, the exact figure as its title, so the counts never run into each other", () => {
    const count = renderBanner(501_160, 11);
    expect(count(/^Memos$/).textContent).toBe("501K");
    expect(count(/^Memos$/).title).toBe("501,160");
    expect(count(/^Tags$/).textContent).toBe("11");
    expect(count(/^Tags$/).title).toBe("");
  });

  it("shows a count under 10,000 exactly", () => {
    const count = renderBanner(9_999, 1);
    expect(count(/^Memos$/).textContent).toBe("9,999");
    expect(count(/^Tag$/).textContent).toBe("1");
  });

  it.each([
    ["HOST", "Host"],
    ["ADMIN", "Admin"],
  ] as const)("badges the %s with the word Settings uses (%s), never MOD", (role, word) => {
    renderBanner(1, 1, role);
    expect(screen.getByText(word, { exact: true })).toBeTruthy();
    expect(screen.queryByText("MOD")).toBeNull();
  });

  it("gives a member no badge", () => {
    renderBanner(1, 1, "USER");
    expect(screen.queryByText("Member", { exact: true })).toBeNull();
  });

  it("shows the user's avatar when they have one, their initial otherwise", () => {
    renderBanner(1, 1, "USER", "/file/users/ann/avatar");
    expect(document.querySelector("img")?.getAttribute("src")).toBe("/file/users/ann/avatar");
    cleanup();
    renderBanner(1, 1, "USER");
    expect(document.querySelector("img")).toBeNull();
    expect(screen.getByText("A", { exact: true })).toBeTruthy();
  });
});
