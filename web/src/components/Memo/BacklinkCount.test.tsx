import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../i18n";
import { BacklinkCount } from "./BacklinkCount";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("BacklinkCount", () => {
  it("asks for a page of cards' counts in one request, and shows a link only where memos reference it, 99+ past 99", async () => {
    const fetch = vi.fn(async (_url: string) => {
      const data = [
        { memoId: 1, count: 3, more: false },
        { memoId: 3, count: 99, more: true },
      ];
      return new Response(JSON.stringify({ data }), { status: 200, headers: { "Content-Type": "application/json" } });
    });
    vi.stubGlobal("fetch", fetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          {[1, 2, 3].map((id) => (
            <BacklinkCount key={id} memoId={id} />
          ))}
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const first = await screen.findByRole("link", { name: "Referenced by: 3" });
    expect(first.getAttribute("href")).toBe("/m/1");
    const many = screen.getByRole("link", { name: "Referenced by: 99+" });
    expect(many.getAttribute("href")).toBe("/m/3");
    expect(many.textContent).toBe("99+");
    expect(screen.getAllByRole("link")).toHaveLength(2);
    expect(fetch).toHaveBeenCalledTimes(1);
    const url = new URL(String(fetch.mock.calls[0]?.[0]), "http://x");
    expect(url.pathname).toBe("/api/memo/relation-count");
    expect(url.searchParams.get("memoIds")).toBe("1,2,3");
  });
});
