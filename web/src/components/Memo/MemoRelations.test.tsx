import type { MemoRelation, RelatedMemo } from "@memos/common";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../i18n";
import { MemoRelations } from "./MemoRelations";

const related = (id: number, snippet: string): RelatedMemo => ({
  id,
  creatorId: 1,
  creatorUsername: "ada",
  snippet,
  displayTs: 1_700_000_000,
  visibility: "PUBLIC",
  rowStatus: "NORMAL",
});

/** The server, at the network's edge: GET /api/memo/7/relation answered by page (`before`). */
function serve(pages: Record<string, MemoRelation>) {
  const fetch = vi.fn(async (url: string) => {
    const before = new URL(url, "http://x").searchParams.get("before") ?? "";
    return new Response(JSON.stringify({ data: pages[before] }), { status: 200, headers: { "Content-Type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function renderRelations() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MemoRelations memoId={7} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("MemoRelations", () => {
  it("shows Links and Referenced by as first lines opening each memo, and more backlinks on demand", async () => {
    serve({
      "": { links: [related(3, "## Trip plan\nmore")], backlinks: [related(9, "see [the plan](/m/7)")], next: 9 },
      "9": { links: [], backlinks: [related(8, "older")], next: null },
    });
    renderRelations();
    const links = await screen.findByRole("region", { name: "Links" });
    expect(within(links).getByRole("link").textContent).toMatch(/^Trip plan/);
    expect(within(links).getByRole("link").getAttribute("href")).toBe("/m/3");
    const backlinks = screen.getByRole("region", { name: "Referenced by" });
    expect(within(backlinks).getByRole("link").textContent).toMatch(/^see the plan/);
    fireEvent.click(within(backlinks).getByRole("button", { name: "Show more" }));
    await waitFor(() =>
      expect(
        within(backlinks)
          .getAllByRole("link")
          .map((link) => link.getAttribute("href")),
      ).toEqual(["/m/9", "/m/8"]),
    );
    expect(within(backlinks).queryByRole("button", { name: "Show more" })).toBeNull();
  });

  it("goes on by itself past a page that came back empty with more to read", async () => {
    serve({ "": { links: [], backlinks: [], next: 500 }, "500": { links: [], backlinks: [related(4, "found later")], next: null } });
    renderRelations();
    const backlinks = await screen.findByRole("region", { name: "Referenced by" });
    expect(within(backlinks).getByRole("link").getAttribute("href")).toBe("/m/4");
  });

  it("shows nothing for a memo without links or backlinks", async () => {
    const fetch = serve({ "": { links: [], backlinks: [], next: null } });
    const { container } = renderRelations();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.textContent).toBe("");
  });
});
