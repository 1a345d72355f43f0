import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../i18n";
import { ApiError } from "../../api/client";
import { PagedListDialog } from "./PagedListDialog";

interface Pages {
  isPending: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
}
const idle: Pages = { isPending: false, error: null, hasNextPage: false, isFetchingNextPage: false };
const failure = new ApiError(500, "database is locked");

function renderList(items: string[], pages: Partial<Pages> = {}) {
  const fetchNextPage = vi.fn();
  render(
    <PagedListDialog
      title="Trash"
      onClose={vi.fn()}
      pages={{ ...idle, fetchNextPage, ...pages }}
      items={items}
      itemKey={(item) => item}
      renderItem={(item) => <li>{item}</li>}
      empty="Trash is empty."
    />,
  );
  return { fetchNextPage };
}

afterEach(cleanup);

describe("PagedListDialog", () => {
  it("says it is loading, then why it failed when nothing could be read", () => {
    renderList([], { isPending: true });
    expect(screen.getByRole("status", { name: "Loading" })).toBeTruthy();
    cleanup();
    renderList([], { error: failure });
    expect(screen.getByRole("alert").textContent).toBe("database is locked");
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("says an empty list in one sentence, with no Load more", () => {
    renderList([]);
    expect(screen.getByText("Trash is empty.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("shows the rows and asks for the next page while there is one", () => {
    const { fetchNextPage } = renderList(["first memo", "second memo"], { hasNextPage: true });
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["first memo", "second memo"]);
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it("keeps the rows read when a later page fails, and says why under them", () => {
    renderList(["first memo"], { hasNextPage: true, error: failure });
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
    expect(screen.getByRole("alert").textContent).toBe("database is locked");
    expect(screen.getByRole("button", { name: "Load more" })).toBeTruthy();
  });

  it("waits on a page being read", () => {
    renderList(["first memo"], { hasNextPage: true, isFetchingNextPage: true });
    expect((screen.getByRole("button", { name: "Load more" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
