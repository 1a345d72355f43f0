// The strength hint under a new password: a meter of four bars and a word ("Fair"), and a reminder of the one rule
// (8 characters). It only informs: any password of 8 characters or more may be saved.
import { MIN_PASSWORD_LENGTH } from "@memos/common";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { passwordStrength, type StrengthScore } from "../../utils/passwordStrength";

const BAR_COLORS: Record<StrengthScore, string> = {
  0: "bg-red-500",
  1: "bg-red-500",
  2: "bg-amber-500",
  3: "bg-green-600",
  4: "bg-green-600",
};

/** The score of the latest password typed (an older answer arriving late is dropped). */
function useStrength(password: string, userInputs: string[]): StrengthScore | null {
  const [score, setScore] = useState<{ password: string; value: StrengthScore } | null>(null);
  const inputs = userInputs.join("\n");
  useEffect(() => {
    if (password === "") return;
    let current = true;
    void passwordStrength(password, inputs === "" ? [] : inputs.split("\n")).then((value) => {
      if (current) setScore({ password, value });
    });
    return () => {
      current = false;
    };
  }, [password, inputs]);
  return score !== null && score.password === password ? score.value : null;
}

export function PasswordStrength({ password, userInputs = [] }: { password: string; userInputs?: string[] }) {
  const { t } = useTranslation();
  const score = useStrength(password, userInputs);
  const tooShort = [...password].length < MIN_PASSWORD_LENGTH;
  // Below the minimum the meter says so whatever zxcvbn thinks: the server will refuse it.
  const shown: StrengthScore | null = password === "" ? null : tooShort ? 0 : score;
  const filled = shown === null ? 0 : Math.max(1, shown);
  return (
    <div className="flex flex-col gap-1" data-testid="password-strength">
      <div
        role="meter"
        aria-label={t("password.strength")}
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={shown ?? 0}
        aria-valuetext={shown === null ? undefined : t(`password.score-${shown}`)}
        className="grid grid-cols-4 gap-1"
      >
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={`h-1 rounded-full ${bar <= filled && shown !== null ? BAR_COLORS[shown] : "bg-zinc-200 dark:bg-zinc-700"}`}
          />
        ))}
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite">
        {shown === null ? t("password.hint", { min: MIN_PASSWORD_LENGTH }) : null}
        {shown !== null ? (
          <>
            <span className="font-medium text-zinc-700 dark:text-zinc-300">{t(`password.score-${shown}`)}</span>
            {" · "}
            {tooShort ? t("password.too-short", { min: MIN_PASSWORD_LENGTH }) : t("password.hint", { min: MIN_PASSWORD_LENGTH })}
          </>
        ) : null}
      </p>
    </div>
  );
}
