import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../i18n";
import RenameTagDialog from "./RenameTagDialog";

type Answer = { status?: number; body: unknown };

/** The server, at the network's edge: each POST /api/tag/rename is answered by `answer` from its body. */
function serve(answer: (body: { from: string; to: string; dryRun?: boolean }) => Answer) {
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const { status = 200, body } = answer(JSON.parse(String(init.body)));
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetch);
  const bodies = () => fetch.mock.calls.map(([, init]) => JSON.parse(String(init.body)));
  return { bodies };
}

function renderDialog(tag = "work") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  const onRenamed = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <RenameTagDialog tag={tag} onClose={onClose} onRenamed={onRenamed} />
    </QueryClientProvider>,
  );
  const input = screen.getByLabelText("New name") as HTMLInputElement;
  const renameButton = () => screen.getByRole("button", { name: "Rename" }) as HTMLButtonElement;
  return { input, renameButton, onClose, onRenamed };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("RenameTagDialog", () => {
  it("starts from the tag, asks nothing until the name changes, then shows what the rename changes and renames", async () => {
    const server = serve(() => ({ body: { data: { memos: 1240, shortcuts: 2, merge: false } } }));
    const { input, renameButton, onClose, onRenamed } = renderDialog();
    expect(input.value).toBe("work");
    expect(renameButton().disabled).toBe(true);
    expect(screen.getByRole("status").textContent).toMatch(/The tags under #work follow it/);

    fireEvent.change(input, { target: { value: "#job" } });
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Renames the tag in 1,240 memos and 2 shortcuts."));
    expect(server.bodies()).toEqual([{ from: "work", to: "job", dryRun: true }]);
    expect(renameButton().disabled).toBe(false);

    fireEvent.click(renameButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.bodies().at(-1)).toEqual({ from: "work", to: "job" });
    expect(onRenamed).toHaveBeenCalledWith("work", "job");
  });

  it("says when the tags merge", async () => {
    serve(() => ({ body: { data: { memos: 1, shortcuts: 0, merge: true } } }));
    const { input } = renderDialog();
    fireEvent.change(input, { target: { value: "job" } });
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe("#job exists already: the two merge, in 1 memo and 0 shortcuts."),
    );
    // The button says what it does.
    expect(screen.getByRole("button", { name: "Merge" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Rename" })).toBeNull();
  });

  it("refuses a name that is no tag without asking the server", async () => {
    const server = serve(() => ({ body: { data: { memos: 0, shortcuts: 0, merge: false } } }));
    const { input, renameButton } = renderDialog();
    for (const bad of ["two words", "a#b", "https://x.example"]) {
      fireEvent.change(input, { target: { value: bad } });
      expect(screen.getByRole("alert").textContent).toBe("Invalid tag name");
      expect(renameButton().disabled).toBe(true);
    }
    // The first request the dialog makes is for the first valid name.
    fireEvent.change(input, { target: { value: "fine" } });
    await waitFor(() => expect(server.bodies()).toEqual([{ from: "work", to: "fine", dryRun: true }]));
  });

  it("shows the server's refusal inline", async () => {
    serve(({ dryRun }) =>
      dryRun
        ? { body: { data: { memos: 3, shortcuts: 0, merge: false } } }
        : {
            status: 404,
            body: {
              error: "code=404, message=Tag name not found: work",
              message: "Tag name not found: work",
              reason: "tag.not-found",
              params: { name: "work" },
            },
          },
    );
    const { input, renameButton, onClose } = renderDialog();
    fireEvent.change(input, { target: { value: "job" } });
    await waitFor(() => expect(renameButton().disabled).toBe(false));
    fireEvent.click(renameButton());
    await waitFor(() => expect(screen.getByRole("alert")).toBeTruthy());
    expect(onClose).not.toHaveBeenCalled();
  });
});
