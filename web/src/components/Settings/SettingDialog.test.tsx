import { INSTANCE_SETTING_NAMES, INSTANCE_SETTINGS, type Role, type SystemStatus, type ToggleSettingName, type User } from "@memos/common";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import i18n from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../i18n";
import { usePreferences } from "../../state/preferences";
import { keys } from "../../queries/keys";
import { writeSystemSetting } from "../../queries/settings";
import { userFixture } from "../../test/fixtures";
import SettingDialog from "./SettingDialog";

const user = (id: number, role: Role, username: string): User =>
  userFixture({ id, role, username, nickname: username, openId: role === "USER" ? "open-id-of-jack" : "", userSettingList: [] });

const status: SystemStatus = {
  host: user(1, "HOST", "demohero"),
  profile: { mode: "demo", version: "0.10.2", serverVersion: "1.0.0" },
  dbSize: 2048,
  allowSignUp: true,
  disableWebhooks: false,
  disableMcp: false,
  disableComments: false,
  memoHistory: { enabled: true, keepAllDays: 30, dailyDays: 365 },
  trashRetentionDays: 30,
  mapTiles: { url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", attribution: "© OpenStreetMap contributors" },
  additionalStyle: "",
  additionalScript: "",
  customizedProfile: { name: "memos", logoUrl: "", description: "", locale: "en", appearance: "system", externalUrl: "" },
};

function renderAs(me: User, shown: SystemStatus = status) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(keys.me, me);
  client.setQueryData(keys.status, shown);
  client.setQueryData(keys.users, [user(1, "HOST", "demohero"), user(2, "USER", "jack")]);
  // My account lists the access tokens and webhooks: none here, so no request is made for them.
  client.setQueryData(keys.accessTokens, []);
  client.setQueryData(keys.webhooks, []);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <SettingDialog onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose };
}

/** The settings the table (common/src/api/instance-settings.ts) draws as switches from their entry alone. */
const toggleSettings = INSTANCE_SETTING_NAMES.filter((name): name is ToggleSettingName => INSTANCE_SETTINGS[name].web.kind === "toggle");

const tabNames = () => screen.getAllByRole("tab").map((tab) => tab.textContent);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("SettingDialog", () => {
  it("shows a member only My account and Preferences", () => {
    renderAs(user(2, "USER", "jack"));
    expect(tabNames()).toEqual(["My account", "Preferences"]);
    expect(screen.queryByRole("tab", { name: "Members" })).toBeNull();
    expect(screen.queryByRole("tab", { name: "System" })).toBeNull();
  });

  it("shows the host every section, and the member list", () => {
    renderAs(user(1, "HOST", "demohero"));
    expect(tabNames()).toEqual(["My account", "Preferences", "Members", "System"]);
    fireEvent.click(screen.getByRole("tab", { name: "Members" }));
    expect(screen.getByRole("tab", { name: "Members" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByText("@jack")).toBeTruthy();
    // No actions on one's own row.
    expect(screen.queryByRole("button", { name: "Actions for demohero" })).toBeNull();
    expect(screen.getByRole("button", { name: "Actions for jack" })).toBeTruthy();
  });

  it("shows the Open API example with the user's openId", () => {
    renderAs(user(2, "USER", "jack"));
    expect(screen.getByText(/curl -X POST .*\/api\/memo\?openId=open-id-of-jack/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "API reference" }).getAttribute("href")).toBe("/api/docs");
  });

  it("validates the change-password form", async () => {
    renderAs(user(2, "USER", "jack"));
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    const save = screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
    fireEvent.click(save);
    // The current password is asked for first.
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain("Please fill in all fields.");
    // The form is busy while a submit runs, even one refused at once: a second one waits for it.
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.change(screen.getByLabelText("Current password"), { target: { value: "old-secret" } });
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "secret1" } });
    fireEvent.change(screen.getByLabelText("Repeat new password"), { target: { value: "secret2" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const dialog = screen.getByRole("dialog", { name: "Change password" });
    expect(within(dialog).getByRole("alert").textContent).toBe("Passwords do not match.");
  });

  it("moves between tabs with the arrow keys", () => {
    renderAs(user(1, "HOST", "demohero"));
    fireEvent.keyDown(screen.getByRole("tab", { name: "My account" }), { key: "ArrowUp" });
    expect(screen.getByRole("tab", { name: "System" }).getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "System" }));
  });

  it("saves preferences at once: the sort as a user setting, folding in this browser", async () => {
    const jack = user(2, "USER", "jack");
    const saved = { ...jack, userSettingList: [{ UserID: 2, key: "memoDisplayTsOption", value: '"updated_ts"' }] };
    const fetch = vi.fn(async (url: string) => {
      const data = url === "/api/auth/session" ? saved : saved.userSettingList[0];
      return new Response(JSON.stringify({ data }), { headers: { "Content-Type": "application/json" } });
    });
    vi.stubGlobal("fetch", fetch);
    renderAs(jack);
    fireEvent.click(screen.getByRole("tab", { name: "Preferences" }));

    fireEvent.change(screen.getByLabelText("Sort memos by"), { target: { value: "updated_ts" } });
    // (The account section's token list reads on its own; the setting is the one write.)
    const write = () => fetch.mock.calls.find(([url]) => url === "/api/user/setting") as unknown as [string, RequestInit] | undefined;
    await waitFor(() => expect(write()).toBeDefined());
    const [, init] = write()!;
    expect(JSON.parse(String(init.body))).toEqual({ key: "memoDisplayTsOption", value: '"updated_ts"' });
    expect((screen.getByLabelText("Sort memos by") as HTMLSelectElement).value).toBe("updated_ts");

    const fold = screen.getByRole("switch", { name: "Fold long memos" });
    expect(fold.getAttribute("aria-checked")).toBe("true");
    fireEvent.click(fold);
    expect(usePreferences.getState().localSetting.enableFoldMemo).toBe(false);
    expect(fold.getAttribute("aria-checked")).toBe("false");
  });
  it("shows the host the rolling backups: the schedule, the newest backup, a failure", () => {
    const backup = {
      everySeconds: 86_400,
      keep: 7,
      lastTs: 1_700_000_000,
      lastSize: 3 * 1024 * 1024,
      lastError: "disk full",
      engine: "sqlite" as const,
      storage: "local" as const,
    };
    renderAs(user(1, "HOST", "demohero"), { ...status, backup });
    fireEvent.click(screen.getByRole("tab", { name: "System" }));
    const row = screen.getByTestId("backup-status");
    expect(row.textContent).toContain("Every 1 day, keeping 7");
    expect(row.textContent).toMatch(/Last backup: .+ \(3(\.0)? MB\)/);
    expect(screen.getByRole("alert").textContent).toBe("The last backup failed: disk full");
    expect(screen.getByTestId("storage-mode").textContent).toBe("As files in <data>/assets");
  });

  it("says how to turn rolling backups on, and leaves them out when the answer has none", () => {
    renderAs(user(1, "HOST", "demohero"), {
      ...status,
      backup: { everySeconds: null, keep: 7, lastTs: null, lastSize: null, lastError: null, engine: "sqlite", storage: "db" },
    });
    fireEvent.click(screen.getByRole("tab", { name: "System" }));
    expect(screen.getByTestId("backup-status").textContent).toContain("--backup-every 24h");
    expect(screen.getByTestId("backup-status").textContent).toContain("No backup yet");
    expect(screen.getByTestId("storage-mode").textContent).toBe("In the database");
    cleanup();
    renderAs(user(1, "HOST", "demohero"));
    fireEvent.click(screen.getByRole("tab", { name: "System" }));
    expect(screen.queryByTestId("backup-status")).toBeNull();
    expect(screen.queryByTestId("storage-mode")).toBeNull();
  });

  it("names every toggle setting of the table in en.json: its label, hint and toasts (the locale test holds the other languages to it)", () => {
    expect(toggleSettings.length).toBeGreaterThan(0);
    const keys = toggleSettings.flatMap((name) => {
      const { label, hint, saved } = INSTANCE_SETTINGS[name].web;
      return [label, hint, saved.on, saved.off];
    });
    expect(keys.filter((key) => !i18n.exists(key))).toEqual([]);
  });

  it("draws a switch for every toggle setting of the table, on as the status says; a flip writes the setting", async () => {
    // Half of them true, half false, so a switch that ignored the status (or read it backwards) shows.
    const shown: SystemStatus = { ...status, ...Object.fromEntries(toggleSettings.map((name, index) => [name, index % 2 === 0])) };
    const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url === "/api/status") return Response.json({ data: shown });
      if (url === "/api/system/setting") return Response.json({ data: { Name: "", Value: "", Description: "" } });
      return Response.json({ message: "not in this test" }, { status: 404 });
    });
    vi.stubGlobal("fetch", fetch);
    renderAs(user(1, "HOST", "demohero"), shown);
    fireEvent.click(screen.getByRole("tab", { name: "System" }));

    for (const name of toggleSettings) {
      const { label, onWhen } = INSTANCE_SETTINGS[name].web;
      const value = shown[name];
      const toggle = screen.getByRole("switch", { name: i18n.t(label) });
      expect(toggle.getAttribute("aria-checked"), name).toBe(String(value === onWhen));
      fireEvent.click(toggle);
      await waitFor(() => {
        const writes = fetch.mock.calls.filter(([url]) => url === "/api/system/setting").map(([, init]) => JSON.parse(String(init?.body)));
        expect(writes).toContainEqual({ name, value: JSON.stringify(!value) });
      });
    }
  });

  it("writes the table's settings only, each with a value of its type (tsc checks this file)", () => {
    const writes = [
      // @ts-expect-error not a setting of the table
      () => writeSystemSetting({ name: "disableEverything", value: true }),
      // @ts-expect-error allowSignUp is a boolean
      () => writeSystemSetting({ name: "allowSignUp", value: "yes" }),
      // @ts-expect-error the server's own row is never written
      () => writeSystemSetting({ name: "serverId", value: "x" }),
    ];
    expect(writes).toHaveLength(3);
  });
});
