// What a person reads of a failure: the server's reason (common/src/api/reasons.ts) in the UI's language, from
// the `error.<reason>` strings of web/src/locales; the server's own (English) message when the reason is one this
// build does not know (a newer server) or there is none (a proxy's error page, a network failure). The reasons
// it knows are those en.json has a string for (its test holds them to the server's list): the list itself, with
// its descriptions, stays out of the browser's download. The `error.` strings are all the first screen's, since this
// module, which it imports, names them (`error.${reason}` below; web/vite/first-screen-strings.ts).
import type { TFunction } from "i18next";
import en from "../locales/en.json?strings=first";
import { ApiError, type ApiErrorDetail } from "./client";

const REASON_STRINGS = (en.error ?? {}) as Readonly<Record<string, Readonly<Record<string, string>>>>;

/** Whether `reason` (`group.name`) is one of the server's reasons this build translates. */
function isKnownReason(reason: string | null | undefined): reason is string {
  const [group = "", name = ""] = (reason ?? "").split(/\.(.*)/s);
  return Object.hasOwn(REASON_STRINGS, group) && Object.hasOwn(REASON_STRINGS[group]!, name);
}

/** A failure as the server described it: what an ApiError carries, and what the outbox keeps of a refused write. */
export type ServerFailure = Pick<ApiErrorDetail, "reason" | "field" | "params"> & { message: string };

/**
 * A translation may use `{{field}}` and the reason's params.
 * @example failureMessage({ message: "Memo ID not found: 7", reason: "memo.not-found" }, t) // "Memo nicht gefunden." in German
 */
export function failureMessage(failure: ServerFailure, t: TFunction): string {
  if (!isKnownReason(failure.reason)) return failure.message;
  // `replace`: the values apart from t's own options, so no param is read as one (`count`, `context`).
  return t(`error.${failure.reason}`, { replace: { ...failure.params, field: failure.field ?? undefined }, defaultValue: failure.message });
}

/** The message of anything thrown, for a toast or an inline error: an ApiError's translated, else its text. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) return failureMessage(error, t);
  return error instanceof Error ? error.message : String(error);
}
