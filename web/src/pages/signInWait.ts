// The words for a sign-in refused as too many failed attempts (429): the wait from Retry-After, in minutes,
// or in seconds when under a minute.
import type { TFunction } from "i18next";

export function tooManyAttemptsMessage(t: TFunction, retryAfterSeconds: number | null): string {
  if (retryAfterSeconds === null) return t("auth.too-many-attempts");
  if (retryAfterSeconds < 60) return t("auth.too-many-attempts-seconds", { count: Math.max(1, Math.ceil(retryAfterSeconds)) });
  return t("auth.too-many-attempts-minutes", { count: Math.ceil(retryAfterSeconds / 60) });
}
