// Small helpers shared by the memo, permission and RSS API tests.
import type { Memo } from "@memos/common";
import type { TestUser } from "./factories.js";
import type { Response } from "./client.js";

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
