// Turning two-factor sign-in off, or new recovery codes: the password and a current code (or a recovery code).
// New codes are shown in the dialog once made.
import { ApiError } from "../../api/client";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessage";
import { useTwoFactorMutations } from "../../queries/two-factor";
import { toast } from "../../state/toast";
import { Field } from "../ui/Field";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { FormDialog } from "../ui/FormDialog";
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

  useEffect(() => {
    if (action === null) return;
    setPassword("");
    setCode("");
    setProblem(null);
    setCodes(null);
  }, [action]);

  const submit = async () => {
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

  if (codes) {
    return (
      <Dialog
        open={action !== null}
        onClose={onClose}
        title={t("two-factor.codes-title")}
        size="sm"
        footer={
          <Button variant="primary" onClick={onClose}>
            {t("two-factor.done")}
          </Button>
        }
      >
        <RecoveryCodes codes={codes} />
      </Dialog>
    );
  }

  return (
    <FormDialog
      open={action !== null}
      onClose={onClose}
      title={action === "disable" ? t("two-factor.disable-title") : t("two-factor.regenerate-title")}
      size="sm"
      submitLabel={action === "disable" ? t("two-factor.turn-off") : t("two-factor.regenerate")}
      danger={action === "disable"}
      onSubmit={submit}
    >
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
    </FormDialog>
  );
}
