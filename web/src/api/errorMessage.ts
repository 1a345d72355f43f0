// What a person reads of a failure: the server's reason (common/src/api/reasons.ts) in the UI's language, from
// the `error.<reason>` strings of web/src/locales; the server's own (English) message when the reason is one this
// build does not know (a newer server) or there is none (a proxy's error page, a network failure).
import { isErrorReason } from "@memos/common";
import type { TFunction } from "i18next";
import { ApiError, type ApiErrorDetail } from "./client";

/** A failure as the server described it: what an ApiError carries, and what the outbox keeps of a refused write. */
export type ServerFailure = Pick<ApiErrorDetail, "reason" | "field" | "params"> & { message: string };

/**
 * A translation may use `{{field}}` and the reason's params.
 * @example failureMessage({ message: "Memo ID not found: 7", reason: "memo.not-found" }, t) // "Memo nicht gefunden." in German
 */
export function failureMessage(failure: ServerFailure, t: TFunction): string {
  if (!isErrorReason(failure.reason)) return failure.message;
  // `replace`: the values apart from t's own options, so no param is read as one (`count`, `context`).
  return t(`error.${failure.reason}`, { replace: { ...failure.params, field: failure.field ?? undefined }, defaultValue: failure.message });
}

/** The message of anything thrown, for a toast or an inline error: an ApiError's translated, else its text. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) return failureMessage(error, t);
  return error instanceof Error ? error.message : String(error);
}
