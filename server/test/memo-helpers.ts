// Small helpers shared by the memo, permission and RSS API tests.
import type { Memo } from "@memos/common";
import type { TestUser } from "./factories.js";
import type { Client, Response } from "./client.js";

/** Upserts one of the caller's user settings; the value is JSON-encoded as the web sends it. */
export async function setUserSetting(owner: TestUser, key: string, value: string): Promise<void> {
  const response = await owner.client.post("/api/user/setting", { key, value: JSON.stringify(value) });
  if (response.status !== 200) throw new Error(`setting ${key} failed: ${response.text}`);
}

/** The ids of a memo list response, in order. */
export const idsOf = (response: Response<{ data: Memo[] }>): number[] => {
  if (response.status !== 200) throw new Error(`expected a memo list, got ${response.status}: ${response.text}`);
  return response.body.data.map((memo) => memo.id);
};

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** The ids of every page of a list, following X-Next-Cursor (pages of 30). */
export async function allPageIds(client: Client, url: string, query: Record<string, string>): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 200; page++) {
    const response = await client.get(url, { query: { ...query, limit: 30, cursor } });
    ids.push(...idsOf(response));
    cursor = response.headers["x-next-cursor"] as string | undefined;
    if (!cursor) return ids;
  }
  throw new Error(`${url}: more than 200 pages`);
}
