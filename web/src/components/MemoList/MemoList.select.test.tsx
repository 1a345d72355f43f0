// The home list's select mode: a click selects a memo, Shift-click a range in the list's order, the selection stays
// while the next page comes in, and Esc leaves the mode.
import type { Memo } from "@memos/common";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../i18n";
import { keys } from "../../queries/keys";
import { memoFixture, userFixture } from "../../test/fixtures";
import { MemoList } from "./MemoList";

const me = userFixture({ id: 3 });
const PARAMS = { rowStatus: "NORMAL" as const };
const DAY = 86_400;
const memo = (id: number): Memo =>
  memoFixture({ id, creator: me, content: `memo ${id}`, createdTs: id * DAY, updatedTs: id * DAY, displayTs: id * DAY });

function renderList(pages: Memo[][]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(keys.me, me);
  const setPages = (next: Memo[][]) =>
    client.setQueryData(keys.memos.list("home", PARAMS), {
      pages: next.map((memos, index) => ({ memos, nextCursor: index < next.length - 1 ? `c${index}` : undefined })),
      pageParams: next.map((_, index) => (index === 0 ? "" : `c${index - 1}`)),
    });
  setPages(pages);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MemoList scope="home" selectable params={PARAMS} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { setPages: (next: Memo[][]) => act(() => void setPages(next)) };
}

const boxes = () => screen.getAllByRole("checkbox");
const checked = () => boxes().map((element) => element.getAttribute("aria-checked") === "true");
const status = () => screen.getByRole("status").textContent;

beforeEach(() => {
  // The server is out of reach: "select all" waits for ids that do not come; nothing else is asked.
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.reject(new Error("offline"))),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("MemoList select mode", () => {
  it("selects with clicks and Shift-click ranges, keeps the selection across pages, and leaves with Esc", async () => {
    const list = renderList([[memo(60), memo(59), memo(58), memo(57)]]);
    expect(screen.queryAllByRole("checkbox")).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Select" }));
    expect(boxes()).toHaveLength(4);
    // The selection bar's code loads when select mode starts.
    await screen.findByRole("status");
    expect(status()).toBe("Selected: 0");

    fireEvent.click(boxes()[1]!);
    fireEvent.click(boxes()[3]!, { shiftKey: true });
    expect(checked()).toEqual([false, true, true, true]);
    expect(status()).toBe("Selected: 3");

    // The next page comes in (scrolling, or "Load more"): the selection is kept, and a range reaches into it.
    list.setPages([
      [memo(60), memo(59), memo(58), memo(57)],
      [memo(30), memo(29)],
    ]);
    await waitFor(() => expect(boxes()).toHaveLength(6));
    expect(checked()).toEqual([false, true, true, true, false, false]);
    fireEvent.click(boxes()[0]!);
    fireEvent.click(boxes()[5]!, { shiftKey: true });
    expect(checked()).toEqual([true, true, true, true, true, true]);
    // Shift+Space from the keyboard does the same: the range takes the new state of the memo it ends on.
    fireEvent.keyDown(boxes()[4]!, { key: " ", shiftKey: true });
    expect(checked()).toEqual([false, false, false, false, false, true]);
    expect(status()).toBe("Selected: 1");

    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(screen.queryAllByRole("checkbox")).toHaveLength(0);
    expect(screen.queryByRole("toolbar")).toBeNull();
    // Selecting again starts from nothing.
    fireEvent.click(screen.getByRole("button", { name: "Select" }));
    expect(status()).toBe("Selected: 0");
  });

  it("offers the actions only once something is selected; the card's own links and menu are out of reach meanwhile", async () => {
    renderList([[memo(5), memo(4)]]);
    fireEvent.click(screen.getByRole("button", { name: "Select" }));
    expect((await screen.findByRole("button", { name: "Actions" })).hasAttribute("disabled")).toBe(true);
    // Inert behind the checkbox (jsdom keeps them in its tree; browsers do not).
    for (const menu of screen.getAllByRole("button", { name: "More actions" })) expect(menu.closest("[inert]")).not.toBeNull();
    fireEvent.click(boxes()[0]!);
    fireEvent.click(screen.getByRole("button", { name: "Actions" }));
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "Add tags…",
      "Remove tags…",
      "Visibility: Public",
      "Visibility: Protected",
      "Visibility: Private",
      "Pin",
      "Unpin",
      "Archive",
      "Export as zip",
      "Move to trash",
    ]);
  });
});
