// Turning two-factor sign-in on: a new secret as a QR code and as text, the app's first code to confirm it, then
// the recovery codes (shown once) and Done.
import { MAX_TOTP_CODE_INPUT_LENGTH, type TotpSetup } from "@memos/common";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { errorMessage } from "../../api/errorMessage";
import { useTwoFactorMutations } from "../../queries/two-factor";
import { Field } from "../ui/Field";
import { Button } from "../ui/Button";
import { Spinner } from "../ui/Spinner";
import { RecoveryCodes } from "./RecoveryCodes";
import { TwoFactorQr } from "./TwoFactorQr";

export function TwoFactorSetup({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { setup, enable } = useTwoFactorMutations({ errorToast: false });
  const [secret, setSecret] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const formId = useId();
  const { mutateAsync: startSetup } = setup;
  const started = useRef(false);

  // Once per showing: a second setup would replace the secret the first answer shows.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startSetup()
      .then(setSecret)
      .catch((error: unknown) => setProblem(errorMessage(error, t)));
  }, [startSetup, t]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s/g, ""))) {
      setProblem(t("two-factor.code-hint"));
      return;
    }
    try {
      setCodes((await enable.mutateAsync(code)).recoveryCodes);
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.reason === "totp.incorrect-code" ? t("error.totp.incorrect-code") : errorMessage(error, t),
      );
    }
  };

  if (codes) {
    return (
      <div className="flex flex-col gap-4">
        <h3 className="text-base font-semibold text-zinc-800 dark:text-zinc-100">{t("two-factor.codes-title")}</h3>
        <RecoveryCodes codes={codes} />
        <Button variant="primary" onClick={onDone} className="h-10 self-end">
          {t("two-factor.done")}
        </Button>
      </div>
    );
  }
  if (!secret)
    return problem ? (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        {problem}
      </p>
    ) : (
      <Spinner className="size-5 self-center" />
    );
  return (
    <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("two-factor.scan")}</p>
      <TwoFactorQr url={secret.otpauthUrl} label={t("two-factor.qr-label")} />
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{t("two-factor.secret")}</span>
        <code
          data-testid="totp-secret"
          className="rounded-lg bg-zinc-100 px-3 py-2 font-mono text-sm break-all text-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
        >
          {secret.secret}
        </code>
      </div>
      <Field
        label={t("two-factor.code")}
        value={code}
        onChange={(value) => {
          setCode(value);
          setProblem(null);
        }}
        error={problem}
        hint={t("two-factor.code-hint")}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={MAX_TOTP_CODE_INPUT_LENGTH}
        data-autofocus
      />
      <Button type="submit" variant="primary" disabled={enable.isPending} className="h-10 self-end">
        {enable.isPending ? <Spinner className="size-4" /> : null}
        {t("two-factor.turn-on")}
      </Button>
    </form>
  );
}
