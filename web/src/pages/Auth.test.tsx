import type { SystemStatus } from "@memos/common";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../i18n";
import { keys } from "../queries/keys";
import { useToasts } from "../state/toast";
import { userFixture } from "../test/fixtures";
import Auth from "./Auth";

const host = userFixture({ id: 1, username: "demohero", role: "HOST" });
const status = (patch: Partial<SystemStatus>): SystemStatus =>
  ({
    host,
    allowSignUp: false,
    disableWebhooks: false,
    disableMcp: false,
    disableComments: false,
    memoHistory: { enabled: true, keepAllDays: 30, dailyDays: 365 },
    trashRetentionDays: 30,
    profile: { mode: "prod", version: "0.10.2", serverVersion: "1.0.0" },
    dbSize: 0,
    additionalStyle: "",
    additionalScript: "",
    customizedProfile: {
      name: "My memos",
      logoUrl: "",
      description: "Notes of the team",
      locale: "en",
      appearance: "system",
      externalUrl: "",
    },
    ...patch,
  }) as SystemStatus;

type Handler = (url: string, init?: RequestInit) => Response;
const json = (body: unknown, code = 200) => new Response(JSON.stringify(body), { status: code });

function setup(systemStatus: SystemStatus, handler: Handler = () => json(true), entry = "/auth") {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => handler(url, init));
  vi.stubGlobal("fetch", fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(keys.status, systemStatus);
  const router = createMemoryRouter(
    [
      { path: "/auth", element: <Auth /> },
      { path: "/", element: <p>home page</p> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const fill = (username: string, password: string) => {
    fireEvent.change(screen.getByLabelText("Username"), { target: { value: username } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  };
  return { fetch, router, fill };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToasts.setState({ toasts: [] });
});

describe("Auth page", () => {
  it("signs out on mount and shows the instance profile", async () => {
    const { fetch } = setup(status({}));
    expect(screen.getByRole("heading", { name: "My memos" })).toBeTruthy();
    expect(screen.getByText("Notes of the team")).toBeTruthy();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith("/api/auth/signout", expect.objectContaining({ method: "POST" })));
  });

  it("offers only 'Sign up as Host' while there is no host", () => {
    setup(status({ host: null }));
    expect(screen.getByRole("button", { name: "Sign up as Host" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Sign in" })).toBeNull();
  });

  it("without sign-up allowed: the contact-the-host text and no Sign up", () => {
    setup(status({ allowSignUp: false }));
    expect(screen.getByText("If you don't have an account, please contact the site host.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Sign up" })).toBeNull();
  });

  it("with sign-up allowed: Sign up and Sign in", () => {
    setup(status({ allowSignUp: true }));
    expect(screen.getByRole("button", { name: "Sign up" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign in" })).toBeTruthy();
  });

  it("asks for both fields before signing in", () => {
    const { fetch, fill } = setup(status({}));
    fill("", "secret");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(screen.getByRole("alert").textContent).toBe("Please fill in all fields.");
    expect(fetch.mock.calls.some(([url]) => url === "/api/auth/signin")).toBe(false);
  });

  // A new account keeps memos' rule (1–36 letters, digits, inner hyphens); signing in checks none, so a name from
  // before it (v0.10's 4+ characters of nearly anything, or a name of memos today) still signs in.
  it.each([
    ["a".repeat(37), "Username must be at most 36 characters"],
    ["杰克", "Username may contain only letters a–z, digits and hyphens"],
    ["-jack", "Username must not start or end with a hyphen"],
  ])("refuses %j as a new username before sending it: %s", (username, message) => {
    const { fetch, fill } = setup(status({ host: null }));
    fill(username, "long enough secret");
    fireEvent.click(screen.getByRole("button", { name: "Sign up as Host" }));
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(fetch.mock.calls.some(([url]) => url === "/api/auth/signup")).toBe(false);
  });

  it("says 'Login failed' with the server's message under the form, in place of the last message, with no toast", async () => {
    const { fill } = setup(status({}), (url) =>
      url === "/api/auth/signin" ? json({ error: "code=401, message=Incorrect password", message: "Incorrect password" }, 401) : json(true),
    );
    fill("", "pass word");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(screen.getByRole("alert").textContent).toBe("Please fill in all fields.");
    fill("jack", "wrong");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Login failed: Incorrect password"));
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(useToasts.getState().toasts).toEqual([]);
  });

  it("signs in with any password, short or with spaces (set before today's rule, or a passphrase)", async () => {
    const { fetch, fill } = setup(status({}), () => json(true));
    fill("jack", "abc d");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => url === "/api/auth/signin")).toBe(true));
    const signin = fetch.mock.calls.find(([url]) => url === "/api/auth/signin");
    expect(JSON.parse(String(signin?.[1]?.body))).toEqual({ username: "jack", password: "abc d", twoStep: true });
  });

  it("asks a new account for 8 characters, and shows the strength hint where one can sign up", () => {
    const { fetch, fill } = setup(status({ host: null }));
    expect(screen.getByTestId("password-strength")).toBeTruthy();
    fill("admin", "seven77");
    fireEvent.click(screen.getByRole("button", { name: "Sign up as Host" }));
    expect(screen.getByRole("alert").textContent).toBe("Password must be at least 8 characters");
    expect(fetch.mock.calls.some(([url]) => url === "/api/auth/signup")).toBe(false);
  });

  it("shows no strength hint on a sign-in-only form", () => {
    setup(status({ allowSignUp: false }));
    expect(screen.queryByTestId("password-strength")).toBeNull();
  });

  it("signs up the host, then goes home", async () => {
    const me = userFixture({ ...host, userSettingList: [] });
    const { fetch, router, fill } = setup(status({ host: null }), (url) => {
      if (url === "/api/auth/signup") return json({ data: me });
      if (url === "/api/auth/session") return json({ data: me });
      if (url === "/api/status") return json({ data: status({}) });
      return json(true);
    });
    fill("admin", "a secret phrase");
    fireEvent.click(screen.getByRole("button", { name: "Sign up as Host" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    const signup = fetch.mock.calls.find(([url]) => url === "/api/auth/signup");
    expect(JSON.parse(String(signup?.[1]?.body))).toEqual({ username: "admin", password: "a secret phrase", role: "HOST" });
  });

  it("offers each provider, hides the password form when the host turned it off (a link keeps it for the host)", async () => {
    const sso = { data: { providers: [{ id: 3, name: "Company SSO" }], passwordSignIn: false } };
    setup(status({}), (url) => (url === "/api/auth/sso" ? json(sso) : json(true)));
    const link = await screen.findByRole("link", { name: "Sign in with Company SSO" });
    expect(link.getAttribute("href")).toBe("/auth/oidc/3/start");
    expect(screen.queryByRole("textbox", { name: "Username" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Host: sign in with a password" }));
    expect(screen.getByRole("textbox", { name: "Username" })).toBeTruthy();
  });

  it("says why a sign-in through a provider failed", async () => {
    setup(status({}), () => json(true), "/auth?error=signup-closed");
    expect(screen.getByRole("alert").textContent).toBe("No account is linked to this identity, and new accounts cannot be created here.");
  });

  it("after a provider's sign-in, opens at the code step (password sign-in off too) and finishes it, then goes where it started", async () => {
    const me = userFixture({ id: 7, username: "ada", role: "USER", userSettingList: [] });
    const sso = { data: { providers: [{ id: 3, name: "Company SSO" }], passwordSignIn: false, secondFactor: true } };
    const { fetch, router } = setup(
      status({}),
      (url) => {
        if (url === "/api/auth/sso") return json(sso);
        if (url === "/api/auth/sso/second-factor") return json({ data: me });
        if (url === "/api/auth/session") return json({ data: me });
        if (url === "/api/status") return json({ data: status({}) });
        return json(true);
      },
      "/auth?second-factor=code&next=%2Fexplore",
    );
    await screen.findByRole("link", { name: "Sign in with Company SSO" });
    expect(screen.getByText("You signed in with your identity provider. Your account also asks for its own second factor.")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Username" })).toBeNull();
    fireEvent.change(screen.getByLabelText("Code"), { target: { value: "123 456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/explore"));
    const step = fetch.mock.calls.find(([url]) => url === "/api/auth/sso/second-factor");
    expect(JSON.parse(String(step?.[1]?.body))).toEqual({ code: "123 456" });
    expect(fetch.mock.calls.some(([url]) => url === "/api/auth/signin")).toBe(false);
  });

  it("says the account's app codes are locked, and keeps the step for a recovery code", async () => {
    const locked = {
      error: "code=429, message=Too many wrong two-factor codes for this account: use a recovery code or a passkey, or try again later",
      message: "Too many wrong two-factor codes for this account: use a recovery code or a passkey, or try again later",
      reason: "auth.code-locked",
      params: { seconds: 840 },
    };
    setup(status({}), (url) => (url === "/api/auth/sso/second-factor" ? json(locked, 429) : json(true)), "/auth?second-factor=code");
    fireEvent.change(screen.getByLabelText("Code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "Too many wrong codes were tried for this account, so codes from the app are paused. Use a recovery code or a passkey, or try again later.",
      ),
    );
    fireEvent.click(screen.getByRole("button", { name: "Use a recovery code" }));
    expect(screen.getByLabelText("Recovery code")).toBeTruthy();
  });
});
