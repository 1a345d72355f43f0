// The system status and the signed-in user.
import { useQuery } from "@tanstack/react-query";
import type { User } from "@memos/common";
import { ApiError } from "../api/client";
import { api } from "../api/endpoints";
import { keys } from "./keys";

/** The current user, or null when nobody is signed in (a 401 is an answer, not an error). */
export async function fetchMe(): Promise<User | null> {
  try {
    return await api.me();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

export const useStatus = () => useQuery({ queryKey: keys.status, queryFn: api.status, staleTime: 60_000 });

export const useMe = () => useQuery({ queryKey: keys.me, queryFn: fetchMe, staleTime: 60_000 });

export const useUser = (id: number | undefined) =>
  useQuery({ queryKey: keys.user(id ?? -1), queryFn: () => api.user(id!), enabled: id !== undefined && id > 0 });

/** Reads a user setting value (stored as JSON text), or the fallback. */
export function userSetting<T extends string>(user: User | null | undefined, key: string, fallback: T): T {
  const entry = user?.userSettingList?.find((setting) => setting.key === key);
  if (!entry) return fallback;
  try {
    return JSON.parse(entry.value) as T;
  } catch {
    return fallback;
  }
}
