// Turning two-factor sign-in off, or new recovery codes: the password and a current code (or a recovery code).
// New codes are shown in the dialog once made.
import { ApiError } from "../../api/client";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessage";
import { useTwoFactorMutations } from "../../queries/two-factor";
import { toast } from "../../state/toast";
import { Field } from "../ui/Field";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { RecoveryCodes } from "./RecoveryCodes";

/** The field a refusal names, said under it; any other failure is the mutation cache's toast. */
const fieldOf = (error: unknown): "password" | "code" | null =>
  error instanceof ApiError && (error.field === "password" || error.field === "code") ? error.field : null;

export function ConfirmTwoFactorDialog({ action, onClose }: { action: "disable" | "regenerate" | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { disable, regenerate } = useTwoFactorMutations({ errorToast: (error) => fieldOf(error) === null });
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<{ field: "password" | "code"; text: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const formId = useId();
  const busy = disable.isPending || regenerate.isPending;

  useEffect(() => {
    if (action === null) return;
    setPassword("");
    setCode("");
    setProblem(null);
    setCodes(null);
  }, [action]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || !code) {
      setProblem({ field: password ? "code" : "password", text: t("message.fill-all-fields") });
      return;
    }
    try {
      if (action === "disable") {
        await disable.mutateAsync({ password, code });
        toast.success(t("two-factor.turned-off"));
        onClose();
      } else {
        setCodes((await regenerate.mutateAsync({ password, code })).recoveryCodes);
      }
    } catch (error) {
      const field = fieldOf(error);
      if (field) setProblem({ field, text: errorMessage(error, t) });
    }
  };

  const title = action === "disable" ? t("two-factor.disable-title") : t("two-factor.regenerate-title");
  return (
    <Dialog
      open={action !== null}
      onClose={onClose}
      title={codes ? t("two-factor.codes-title") : title}
      size="sm"
      footer={
        codes ? (
          <Button variant="primary" onClick={onClose}>
            {t("two-factor.done")}
          </Button>
        ) : (
          <>
            <Button variant="ghost" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" form={formId} variant={action === "disable" ? "danger" : "primary"} disabled={busy}>
              {action === "disable" ? t("two-factor.turn-off") : t("two-factor.regenerate")}
            </Button>
          </>
        )
      }
    >
      {codes ? (
        <RecoveryCodes codes={codes} />
      ) : (
        <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("two-factor.confirm-hint")}</p>
          <Field
            label={t("common.password")}
            type="password"
            value={password}
            onChange={(value) => {
              setPassword(value);
              setProblem(null);
            }}
            error={problem?.field === "password" ? problem.text : null}
            autoComplete="current-password"
            data-autofocus
          />
          <Field
            label={t("two-factor.code-or-recovery")}
            value={code}
            onChange={(value) => {
              setCode(value);
              setProblem(null);
            }}
            error={problem?.field === "code" ? problem.text : null}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
          />
        </form>
      )}
    </Dialog>
  );
}
