// A failed write is said once, by the app's mutation cache, in the words of errorMessage; a mutation that says its
// failures itself opts out through its meta, all of them or those it names.
import { QueryClientProvider, useMutation } from "@tanstack/react-query";
import { act, cleanup, render, renderHook, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../api/client";
import { Toaster } from "../components/ui/Toaster";
import { useToasts } from "../state/toast";
import { queryClient } from "./client";
import type { ErrorToastOption } from "./errorToast";

const refused = () => new ApiError(400, "name: invalid", { reason: "input.invalid", field: "name" });
const SAID = "Some of what was entered is not valid.";

afterEach(() => {
  cleanup();
  queryClient.clear();
  useToasts.setState({ toasts: [] });
});

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

/** A write that fails, run as the app's callers do: `mutateAsync` in a try/catch that says nothing itself. */
async function failingWrite(meta?: ErrorToastOption) {
  const { result } = renderHook(() => useMutation({ mutationFn: () => Promise.reject(refused()), ...(meta ? { meta } : {}) }), { wrapper });
  await act(async () => {
    try {
      await result.current.mutateAsync();
    } catch {
      // The cache's handler is what is under test.
    }
  });
}

const errorToasts = () => useToasts.getState().toasts.filter((toast) => toast.kind === "error");

describe("a failed write", () => {
  it("shows exactly one error toast, in errorMessage's words", async () => {
    render(<Toaster />);
    await failingWrite();
    expect(await screen.findAllByText(SAID)).toHaveLength(1);
    expect(errorToasts()).toHaveLength(1);
  });

  it("shows none when its meta opts out", async () => {
    render(<Toaster />);
    await failingWrite({ errorToast: false });
    expect(screen.queryByText(SAID)).toBeNull();
    expect(errorToasts()).toHaveLength(0);
  });

  it("shows none for a failure its caller says beside a field, one for any other", async () => {
    render(<Toaster />);
    await failingWrite({ errorToast: (error) => !(error instanceof ApiError && error.field === "name") });
    expect(errorToasts()).toHaveLength(0);
    await failingWrite({ errorToast: (error) => !(error instanceof ApiError && error.field === "url") });
    expect(await screen.findAllByText(SAID)).toHaveLength(1);
  });
});
