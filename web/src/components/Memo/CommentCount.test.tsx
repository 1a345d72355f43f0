import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../i18n";
import { CommentCount } from "./CommentCount";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("CommentCount", () => {
  it("asks for a page of cards' counts in one request, and shows a link only where there are comments", async () => {
    const fetch = vi.fn(async (_url: string) => {
      const data = [
        { memoId: 1, count: 2 },
        { memoId: 3, count: 1 },
      ];
      return new Response(JSON.stringify({ data }), { status: 200, headers: { "Content-Type": "application/json" } });
    });
    vi.stubGlobal("fetch", fetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          {[1, 2, 3].map((id) => (
            <CommentCount key={id} memoId={id} />
          ))}
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const first = await screen.findByRole("link", { name: "Comments: 2" });
    expect(first.getAttribute("href")).toBe("/m/1");
    expect(screen.getByRole("link", { name: "Comments: 1" }).getAttribute("href")).toBe("/m/3");
    expect(screen.getAllByRole("link")).toHaveLength(2);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(new URL(String(fetch.mock.calls[0]?.[0]), "http://x").searchParams.get("memoIds")).toBe("1,2,3");
  });
});
