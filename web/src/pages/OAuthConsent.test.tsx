import type { AuthorizationCheck } from "@memos/common";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../i18n";
import { keys } from "../queries/keys";
import { userFixture } from "../test/fixtures";
import OAuthConsent from "./OAuthConsent";

const QUERY =
  "response_type=code&client_id=memos_client_a&redirect_uri=http%3A%2F%2F127.0.0.1%3A4000%2Fcb&code_challenge=c&code_challenge_method=S256&state=s";
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const consent = (access: "read" | "read-write"): AuthorizationCheck => ({
  outcome: "consent",
  client: { clientId: "memos_client_a", name: "Agent <b>X</b>", redirectHost: "127.0.0.1:4000", createdTs: 0 },
  access,
});

function setup(check: () => Response) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        return json({ data: { redirectTo: "http://127.0.0.1:4000/cb?code=x&state=s" } });
      }
      // The page's header reads the instance's status too: none here.
      return url.includes("/api/oauth/authorization?")
        ? check()
        : json({ error: "code=404", message: "Not Found", reason: "route.not-found" }, 404);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(keys.me, userFixture({ username: "ada" }));
  const router = createMemoryRouter([{ path: "/oauth/authorize", element: <OAuthConsent /> }], {
    initialEntries: [`/oauth/authorize?${QUERY}`],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return posted;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the consent page", () => {
  it("names the app as it named itself (as text), where the answer goes, and grants read only when chosen", async () => {
    const posted = setup(() => json({ data: consent("read-write") }));
    expect(await screen.findByRole("heading", { name: "Agent <b>X</b> wants to use your memos" })).toBeTruthy();
    expect(screen.getByText(/The app chose this name itself/)).toBeTruthy();
    expect(screen.getByText("127.0.0.1:4000")).toBeTruthy();
    expect(screen.getByText("Signed in as ada")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Use another account" }).getAttribute("href")).toBe(
      `/auth?next=${encodeURIComponent(`/oauth/authorize?${QUERY}`)}`,
    );
    fireEvent.click(screen.getByRole("radio", { name: /Read only/ }));
    fireEvent.click(screen.getByRole("button", { name: "Allow" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      approve: true,
      access: "read",
      request: { client_id: "memos_client_a", state: "s", code_challenge: "c" },
    });
  });

  it("offers read only when the app asks only to read; Deny answers no", async () => {
    const posted = setup(() => json({ data: consent("read") }));
    await screen.findByRole("heading", { name: /wants to use your memos/ });
    expect(screen.queryByRole("radio", { name: /Read and write/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Deny" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ approve: false });
  });

  it("shows an unknown app as an error, with nothing to approve", async () => {
    const posted = setup(() => json({ error: "code=400", message: "Unknown client", reason: "oauth.unknown-client" }, 400));
    expect((await screen.findByRole("alert")).textContent).toContain("This app is not registered here.");
    expect(screen.queryByRole("button", { name: "Allow" })).toBeNull();
    expect(posted).toHaveLength(0);
  });

  it("shows a malformed request of a known app with a way back, not an automatic redirect", async () => {
    setup(() =>
      json({
        data: {
          outcome: "error",
          error: "invalid_request",
          redirectTo: "http://127.0.0.1:4000/cb?error=invalid_request",
          redirectHost: "127.0.0.1:4000",
        },
      }),
    );
    expect((await screen.findByRole("alert")).textContent).toContain("(invalid_request)");
    expect(screen.getByRole("button", { name: "Back to 127.0.0.1:4000" })).toBeTruthy();
  });
});
