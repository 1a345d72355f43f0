import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../i18n";
import { FilterChips } from "./FilterChips";
import { SEARCH_DEBOUNCE_MS, SearchBox } from "./SearchBox";

afterEach(cleanup);

function setup(initial = "/") {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <>
            <SearchBox />
            <FilterChips />
          </>
        ),
      },
    ],
    { initialEntries: [initial] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const params = () => new URLSearchParams(router.state.location.search);
  return { router, params, input: screen.getByRole("searchbox", { name: "Search memos" }) };
}

describe("SearchBox", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sets `text` after a pause, replacing the history entry", () => {
    const { router, params, input } = setup("/?tag=a");
    fireEvent.change(input, { target: { value: "hel" } });
    fireEvent.change(input, { target: { value: "hello " } });
    expect(params().get("text")).toBeNull();
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(params().get("text")).toBe("hello");
    expect(params().get("tag")).toBe("a");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("Enter applies at once; Escape clears", () => {
    const { params, input } = setup();
    fireEvent.change(input, { target: { value: "now" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(params().get("text")).toBe("now");
    fireEvent.keyDown(input, { key: "Escape" });
    expect(params().get("text")).toBeNull();
    expect((input as HTMLInputElement).value).toBe("");
  });

  it("follows the query string when a chip is removed", () => {
    const { params, input } = setup("/?text=abc");
    expect((input as HTMLInputElement).value).toBe("abc");
    fireEvent.click(screen.getByRole("button", { name: "Remove filter: “abc”" }));
    expect(params().get("text")).toBeNull();
    expect((input as HTMLInputElement).value).toBe("");
  });
});

describe("FilterChips", () => {
  it("shows nothing without filters", () => {
    setup("/");
    expect(screen.queryByRole("group", { name: "Active filters" })).toBeNull();
  });

  it("shows a chip per filter; removing one keeps the others; clear all resets", () => {
    const { params } = setup("/?tag=work&type=LINKED&visibility=PUBLIC&duration[from]=1700000000000&duration[to]=1700086400000");
    const group = screen.getByRole("group", { name: "Active filters" });
    expect(group.textContent).toContain("work");
    expect(group.textContent).toContain("Has links");
    expect(group.textContent).toContain("Public");
    fireEvent.click(screen.getByRole("button", { name: "Remove filter: work" }));
    expect(params().get("tag")).toBeNull();
    expect(params().get("type")).toBe("LINKED");
    fireEvent.click(screen.getByRole("button", { name: "Clear all" }));
    expect([...params().keys()]).toEqual([]);
  });

  it("quotes the search once: a quoted phrase keeps its own quotes, not a second pair", () => {
    setup(`/?text=${encodeURIComponent('"weekly review"')}`);
    expect(screen.getByRole("button", { name: "Remove filter: “weekly review”" })).toBeTruthy();
    cleanup();
    setup(`/?text=${encodeURIComponent('milk "oat drink"')}`);
    expect(screen.getByRole("button", { name: 'Remove filter: milk "oat drink"' })).toBeTruthy();
  });
});
