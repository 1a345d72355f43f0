import type { User } from "@memos/common";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keys } from "../queries/keys";
import { usePreferences } from "./preferences";
import { withUserSetting } from "../queries/settings";
import { userFixture } from "../test/fixtures";
import { usePreferenceActions } from "./usePreferenceActions";

const user = userFixture({
  id: 7,
  username: "jack",
  role: "USER",
  userSettingList: [
    { UserID: 7, key: "locale", value: '"en"' },
    { UserID: 7, key: "memoVisibility", value: '"PUBLIC"' },
  ],
});

function setup(me: User | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(keys.me, me);
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify({ data: {} }), { status: 200 }));
  vi.stubGlobal("fetch", fetch);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => usePreferenceActions(), { wrapper });
  return { client, fetch, actions: () => result.current };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("withUserSetting", () => {
  it("replaces one setting and keeps the others", () => {
    const next = withUserSetting(user, "locale", "zh");
    expect(next.userSettingList).toEqual([
      { UserID: 7, key: "memoVisibility", value: '"PUBLIC"' },
      { UserID: 7, key: "locale", value: '"zh"' },
    ]);
    expect(user.userSettingList).toHaveLength(2);
  });

  it("works when the list is null", () => {
    expect(withUserSetting({ ...user, userSettingList: null }, "appearance", "dark").userSettingList).toEqual([
      { UserID: 7, key: "appearance", value: '"dark"' },
    ]);
  });
});

describe("usePreferenceActions", () => {
  it("signed out: only this browser keeps the choice", async () => {
    const { fetch, actions } = setup(null);
    await act(() => actions().setAppearance("dark"));
    expect(usePreferences.getState().appearance).toBe("dark");
    expect(localStorage.getItem("appearance")).toBe('"dark"');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("signed in: updates the cached user at once, saves the setting, then refetches the session", async () => {
    const { client, fetch, actions } = setup(user);
    let pending: Promise<void> | undefined;
    act(() => {
      pending = actions().setLocale("fr");
    });
    const cached = client.getQueryData<User>(keys.me);
    expect(cached?.userSettingList?.find((setting) => setting.key === "locale")?.value).toBe('"fr"');
    await act(() => pending!);
    expect(localStorage.getItem("locale")).toBe('"fr"');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/user/setting");
    expect(JSON.parse(String(init?.body))).toEqual({ key: "locale", value: '"fr"' });
  });
});
