import type { Comment, CommentPage, User } from "@memos/common";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../i18n";
import { keys } from "../../queries/keys";
import { memoFixture, userFixture } from "../../test/fixtures";
import { MemoComments } from "./MemoComments";

// Ann wrote the memo and the first comment, Bob the second; Cy is an administrator who wrote neither.
const ann = userFixture({ id: 7, username: "ann" });
const bob = userFixture({ id: 8, username: "bob" });
const host = userFixture({ id: 1, username: "cy", role: "HOST" });
const memo = memoFixture({ id: 42, creator: ann });

const comment = (id: number, author: User): Comment => ({
  id,
  memoId: memo.id,
  creator: { id: author.id, username: author.username, nickname: "" },
  content: `by ${author.username}`,
  createdTs: 1_700_000_000,
  updatedTs: 1_700_000_000,
  resourceList: [],
  reactions: [],
});

/** The server, at the network's edge: GET /api/memo/42/comment answers one page. */
function serve(page: Partial<CommentPage> = {}) {
  const answer: CommentPage = { comments: [comment(1, ann), comment(2, bob)], next: null, closed: false, disabled: false, ...page };
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ data: answer }), { status: 200, headers: { "Content-Type": "application/json" } })),
  );
}

function renderComments(me: User | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(keys.me, me);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MemoComments memo={memo} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Each comment's offered actions, by its text: Edit, Delete, and the reaction picker. */
async function offered(): Promise<Record<string, string[]>> {
  const items = await screen.findAllByTestId("comment");
  return Object.fromEntries(
    items.map((item) => {
      const text = within(item).getByText(/^by /).textContent ?? "";
      const actions = ["Add a reaction", "Edit", "Delete"].filter((name) => within(item).queryByRole("button", { name }) !== null);
      return [text, actions];
    }),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("MemoComments", () => {
  it("offers the memo's author Delete on every comment, Edit on their own, and closing", async () => {
    serve();
    renderComments(ann);
    expect(await offered()).toEqual({ "by ann": ["Add a reaction", "Edit", "Delete"], "by bob": ["Add a reaction", "Delete"] });
    expect(screen.getByRole("button", { name: "Close comments" })).toBeTruthy();
  });

  it("offers another commenter Edit and Delete on their own comment only, and no closing", async () => {
    serve();
    renderComments(bob);
    expect(await offered()).toEqual({ "by ann": ["Add a reaction"], "by bob": ["Add a reaction", "Edit", "Delete"] });
    expect(screen.queryByRole("button", { name: "Close comments" })).toBeNull();
  });

  it("offers the host reactions only: an administrator gains nothing on others' comments", async () => {
    serve();
    renderComments(host);
    expect(await offered()).toEqual({ "by ann": ["Add a reaction"], "by bob": ["Add a reaction"] });
    expect(screen.queryByRole("button", { name: "Close comments" })).toBeNull();
  });

  it("offers a visitor nothing, and the way to sign in", async () => {
    serve();
    renderComments(null);
    expect(await offered()).toEqual({ "by ann": [], "by bob": [] });
    expect(screen.queryByRole("button", { name: "Close comments" })).toBeNull();
    expect(screen.getByText("Sign in to comment.")).toBeTruthy();
  });

  it("offers the memo's author Reopen on closed comments", async () => {
    serve({ closed: true });
    renderComments(ann);
    expect(await screen.findByRole("button", { name: "Reopen comments" })).toBeTruthy();
    expect(screen.getByText("Comments are closed.")).toBeTruthy();
  });
});
