import type { Resource, SystemStatus } from "@memos/common";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../i18n";
import { keys } from "../../queries/keys";
import { useDialogs } from "../../state/dialogs";
import { resourceFixture } from "../../test/fixtures";
import { DialogHost } from "./DialogHost";

const status = {
  host: null,
  profile: { mode: "demo", version: "0.10.2", serverVersion: "1.0.0" },
  dbSize: 0,
  allowSignUp: false,
  disableWebhooks: false,
  disableMcp: false,
  disableComments: false,
  memoHistory: { enabled: true, keepAllDays: 30, dailyDays: 365 },
  trashRetentionDays: 30,
  additionalStyle: "",
  additionalScript: "",
  customizedProfile: { name: "memos", logoUrl: "", description: "", locale: "en", appearance: "system", externalUrl: "" },
} as unknown as SystemStatus;

/** Dialogs are separate chunks loaded on first use; on a busy machine that takes longer than findBy's 1 s. */
const LAZY_LOAD_MS = 10_000;

const resource = (id: number, linkedMemoAmount: number): Resource =>
  resourceFixture({ id, filename: `file-${id}.txt`, type: "text/plain", size: 100, linkedMemoAmount });

function renderHost(resources: Resource[] = [], initialUrl = "/") {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(keys.status, status);
  client.setQueryData(keys.resources, resources);
  const router = createMemoryRouter([{ path: "/", element: <DialogHost /> }], { initialEntries: [initialUrl] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  // Offline: the API fails, and the dialogs must cope.
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.reject(new Error("offline"))),
  );
});

afterEach(() => {
  cleanup();
  act(() => useDialogs.setState({ stack: [] }));
  vi.unstubAllGlobals();
});

describe("DialogHost", () => {
  it("renders nothing while the stack is empty", () => {
    renderHost();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("loads a pushed dialog by name and pops it on close", async () => {
    renderHost();
    act(() => useDialogs.getState().push("about"));
    const dialog = await screen.findByRole("dialog", { name: "About" }, { timeout: LAZY_LOAD_MS });
    // Our own version first, then the memos release whose API v0 clients are told we speak.
    expect(dialog.textContent).toContain("Version 1.0.0");
    expect(dialog.textContent).toContain("Speaks the API of memos 0.10.2");
    // GitHub is unreachable: no star count, no error.
    expect(dialog.textContent).not.toMatch(/star/i);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(useDialogs.getState().stack).toEqual([]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says there are no unused resources instead of asking to delete none", async () => {
    renderHost([resource(1, 2)]);
    act(() => useDialogs.getState().push("resources"));
    await screen.findByRole("dialog", { name: "Resources" }, { timeout: LAZY_LOAD_MS });
    expect(screen.getByText("Used in 2 memos")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Clear unused" }));
    expect(screen.queryByRole("dialog", { name: /unused/ })).toBeNull();
  });

  it("asks before clearing, naming how many unused resources go", async () => {
    renderHost([resource(3, 0), resource(2, 1), resource(1, 0)]);
    act(() => useDialogs.getState().push("resources"));
    await screen.findByRole("dialog", { name: "Resources" }, { timeout: LAZY_LOAD_MS });
    fireEvent.click(screen.getByRole("button", { name: "Clear unused" }));
    expect(screen.getByRole("dialog", { name: "Delete 2 unused resources?" })).toBeTruthy();
  });

  it("shows the empty state", async () => {
    renderHost([]);
    act(() => useDialogs.getState().push("resources"));
    expect(await screen.findByText("No resources.")).toBeTruthy();
  });

  it("puts the open dialogs in the address; Back closes the top one, and closing one goes back over its entry", async () => {
    const router = renderHost();
    act(() => useDialogs.getState().push("resources"));
    await waitFor(() => expect(router.state.location.search).toBe("?dialog=resources"));
    act(() => useDialogs.getState().push("about"));
    await waitFor(() => expect(router.state.location.search).toBe("?dialog=resources%2Cabout"));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(useDialogs.getState().stack).toEqual(["resources"]));
    act(() => useDialogs.getState().remove("resources"));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    // The entry it added is gone: Back from here leaves the page as it was before any dialog.
    expect(router.state.historyAction).toBe("POP");
  });

  it("opens the dialog a link or a reload names", async () => {
    renderHost([], "/?dialog=resources&tag=work");
    await waitFor(() => expect(useDialogs.getState().stack).toEqual(["resources"]));
  });
});
