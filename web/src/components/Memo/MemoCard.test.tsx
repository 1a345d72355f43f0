import type { Memo, User } from "@memos/common";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import "../../i18n";
import { keys } from "../../queries/keys";
import { memoFixture, userFixture } from "../../test/fixtures";
import { MemoCard } from "./MemoCard";

afterEach(cleanup);

const author = userFixture({ id: 7, username: "ann", role: "USER", nickname: "Ann" });

const memo = (patch: Partial<Memo> = {}): Memo =>
  memoFixture({
    id: 42,
    creator: author,
    createdTs: 1_700_000_000,
    updatedTs: 1_700_000_000,
    displayTs: 1_700_000_000,
    content: "Hello #world\n- [ ] task",
    visibility: "PUBLIC",
    ...patch,
  });

function renderCard(props: Parameters<typeof MemoCard>[0], me: User | null) {
  const client = new QueryClient();
  client.setQueryData(keys.me, me);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MemoCard {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const menuItems = () => {
  fireEvent.click(screen.getByRole("button", { name: "More actions" }));
  return screen.getAllByRole("menuitem").map((item) => item.textContent);
};

describe("MemoCard", () => {
  it("shows the visibility label, the pinned marker and the date", () => {
    renderCard({ memo: memo({ pinned: true }) }, null);
    expect(screen.getByText("Public")).toBeTruthy();
    // A clear pin mark: an icon, named for screen readers.
    expect(screen.getByRole("img", { name: "Pinned" }).querySelector("svg")).not.toBeNull();
    expect(screen.getByRole("link", { name: /\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/ }).getAttribute("href")).toBe("/m/42");
  });

  it("marks nothing for a private memo", () => {
    renderCard({ memo: memo({ visibility: "PRIVATE" }) }, author);
    expect(screen.queryByText("Private")).toBeNull();
  });

  it("gives the author every action", () => {
    renderCard({ memo: memo() }, author);
    expect(menuItems()).toEqual([
      "Pin",
      "Edit",
      "Change created time",
      "History",
      "Copy link",
      "Copy embed code",
      "Share as image",
      "Share link",
      "View detail",
      "Archive",
      "Delete",
    ]);
    expect(screen.getByRole("checkbox").hasAttribute("disabled")).toBe(false);
  });

  it("gives others and visitor mode only sharing, and read-only todos", () => {
    renderCard({ memo: memo(), readOnly: true }, author);
    expect(menuItems()).toEqual(["Copy link", "Copy embed code", "Share as image", "View detail"]);
    expect(screen.getByRole("checkbox").hasAttribute("disabled")).toBe(true);
  });

  it("reports tag clicks", () => {
    const clicked: string[] = [];
    renderCard({ memo: memo(), onTagClick: (tag) => clicked.push(tag) }, null);
    fireEvent.click(screen.getByRole("button", { name: "#world" }));
    expect(clicked).toEqual(["world"]);
  });

  it("folds at the first rule and expands on demand", () => {
    renderCard({ memo: memo({ content: "intro\n\n---\nhidden part" }) }, null);
    expect(screen.queryByText("hidden part")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(screen.getByText("hidden part")).toBeTruthy();
  });
});
