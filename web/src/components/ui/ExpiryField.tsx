// "Expires": a select of some days from now, a day to pick, or never; picking a day shows a date box beside it, and a
// day refused (none, or not in the future) is said under the row. The caller turns the answer into `expiresTs`
// (expiresTsOf) and says when it is refused.
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import type { Expiry, ExpiryChoice } from "./expiry";
import { TEXT_INPUT_CLASS, TextInput } from "./TextInput";

export interface ExpiryFieldProps {
  /** The numbers of days offered, shortest first; then a day to pick, and never. */
  presets: readonly number[];
  value: Expiry;
  onChange: (value: Expiry) => void;
  /** The picked day is refused: the date box turns red and the reason is said under the row. */
  invalid?: boolean;
  /** At the end of the row (a form's submit button). */
  children?: ReactNode;
}

const LABEL = "text-sm font-medium text-zinc-700 dark:text-zinc-300";

export function ExpiryField({ presets, value, onChange, invalid = false, children }: ExpiryFieldProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const dateId = useId();
  const messageId = useId();
  const choices: Array<[ExpiryChoice, string]> = [
    ...presets.map((days): [ExpiryChoice, string] => [`${days}`, t("expiry.in-days", { count: days })]),
    ["date", t("expiry.on-date")],
    ["never", t("expiry.never")],
  ];
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={selectId} className={LABEL}>
            {t("expiry.label")}
          </label>
          <select
            id={selectId}
            value={value.choice}
            onChange={(event) => onChange({ ...value, choice: event.target.value as ExpiryChoice })}
            className={TEXT_INPUT_CLASS}
          >
            {choices.map(([choice, label]) => (
              <option key={choice} value={choice}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {value.choice === "date" ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={dateId} className={LABEL}>
              {t("expiry.on-date")}
            </label>
            <TextInput
              id={dateId}
              type="date"
              value={value.date}
              onChange={(event) => onChange({ ...value, date: event.target.value })}
              invalid={invalid}
              aria-describedby={invalid ? messageId : undefined}
            />
          </div>
        ) : null}
        {children}
      </div>
      {invalid ? (
        <p id={messageId} role="alert" className="text-xs text-red-600 dark:text-red-400">
          {t("expiry.date-invalid")}
        </p>
      ) : null}
    </div>
  );
}
