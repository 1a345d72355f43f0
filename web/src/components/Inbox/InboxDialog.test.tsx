import type { InboxPage } from "@memos/common";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../i18n";
import { useDialogs } from "../../state/dialogs";
import { formatFullTime } from "../../utils/time";
import InboxDialog from "./InboxDialog";

const LOCKED_UNTIL = 1_900_000_900;

const page: InboxPage = {
  items: [
    { id: 9, kind: "two-factor-locked", lockedUntilTs: LOCKED_UNTIL, createdTs: LOCKED_UNTIL - 900, read: false },
    {
      id: 8,
      kind: "mention",
      memoId: 3,
      snippet: "hello @ann",
      actor: { id: 2, name: "Bob" },
      createdTs: LOCKED_UNTIL - 2000,
      read: true,
    },
  ],
  unread: 1,
  next: null,
};

function setup() {
  const fetch = vi.fn(async (url: string) =>
    url.startsWith("/api/inbox/read")
      ? new Response(JSON.stringify({ data: { unread: 0 } }))
      : new Response(JSON.stringify({ data: page })),
  );
  vi.stubGlobal("fetch", fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/", element: <InboxDialog onClose={() => {}} /> }], { initialEntries: ["/"] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => {
  cleanup();
  act(() => useDialogs.setState({ stack: [] }));
  vi.unstubAllGlobals();
});

describe("InboxDialog", () => {
  it("tells of the account's app codes locked, in words of its own; opening it marks it read and opens Settings", async () => {
    const fetch = setup();
    const entry = await screen.findByRole("button", { name: /Too many wrong two-factor codes were tried for your account/ });
    expect(entry.textContent).toContain(`refused until ${formatFullTime(LOCKED_UNTIL * 1000)}`);
    expect(entry.textContent).toContain("Whoever tried them knew your password: change it.");
    expect(screen.getByRole("button", { name: /Bob mentioned you/ })).toBeTruthy();

    fireEvent.click(entry);
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        "/api/inbox/read",
        expect.objectContaining({ method: "POST", body: JSON.stringify({ ids: [9] }) }),
      ),
    );
    expect(useDialogs.getState().stack).toEqual(["setting"]);
  });
});
