import type { Memo, MemoShare } from "@memos/common";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../i18n";
import ShareLinksDialog from "./ShareLinksDialog";

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

/** The server at the network's edge: the memo's links in memory, made and revoked as the routes do. */
function serve(initial: MemoShare[] = []) {
  let links = [...initial];
  let next = 100;
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? "GET";
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (method === "GET") return json({ data: links });
      if (method === "POST") {
        const id = next++;
        const expiresTs = (body as { expiresTs?: number }).expiresTs ?? null;
        links = [{ id, memoId: 7, createdTs: now(), expiresTs, lastOpenedTs: null }, ...links];
        return json({ data: { id, token: `token${id}`, url: `/s/token${id}`, expiresTs } });
      }
      links = links.filter((link) => !url.endsWith(`/share/${link.id}`));
      return json(true);
    }),
  );
  return { calls };
}

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ShareLinksDialog memo={{ id: 7 } as Memo} onClose={vi.fn()} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ShareLinksDialog", () => {
  it("makes a link with the chosen expiry, shows its address once with Copy, and revokes it", async () => {
    const server = serve();
    renderDialog();
    await screen.findByText("No live links.");

    fireEvent.change(screen.getByLabelText("Expires"), { target: { value: "date" } });
    fireEvent.click(screen.getByRole("button", { name: "Create link" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Choose a day in the future.");
    expect(server.calls.filter((call) => call.method === "POST")).toEqual([]);

    fireEvent.change(screen.getByLabelText("Expires"), { target: { value: "1" } });
    fireEvent.click(screen.getByRole("button", { name: "Create link" }));
    const made = await screen.findByTestId("new-share-link");
    expect(made.textContent).toBe(`${window.location.origin}/s/token100`);
    const post = server.calls.find((call) => call.method === "POST")!;
    expect(post.url).toBe("/api/memo/7/share");
    expect((post.body as { expiresTs: number }).expiresTs).toBeGreaterThanOrEqual(now() + DAY - 5);

    const row = await screen.findByTestId("share-link-row");
    expect(row.textContent).toMatch(/Created .* · expires /);
    expect(row.textContent).toContain("Last opened: never");
    expect(within(row).getByRole("button", { name: "Copy link" })).toBeTruthy();

    fireEvent.click(within(row).getByRole("button", { name: /Revoke the link created/ }));
    await screen.findByText("No live links.");
    expect(server.calls.some((call) => call.method === "DELETE" && call.url === "/api/memo/7/share/100")).toBe(true);
    expect(screen.queryByTestId("new-share-link")).toBeNull();
  });

  it("offers no Copy for a link made elsewhere: its address was shown only then", async () => {
    serve([{ id: 5, memoId: 7, createdTs: now() - DAY, expiresTs: null, lastOpenedTs: now() - 60 }]);
    renderDialog();
    const row = await screen.findByTestId("share-link-row");
    expect(row.textContent).toContain("never expires");
    expect(row.textContent).not.toContain("Last opened: never");
    expect(within(row).queryByRole("button", { name: "Copy link" })).toBeNull();
  });
});
