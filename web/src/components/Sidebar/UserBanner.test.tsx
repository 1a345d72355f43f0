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
function renderBanner(memos: number, tags: number) {
  const user = userFixture({ id: 7, createdTs: Math.floor(Date.now() / 1000) });
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
});
