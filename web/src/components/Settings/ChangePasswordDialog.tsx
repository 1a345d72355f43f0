// A new password typed twice, for the signed-in user (who confirms it with their current password, which the
// server checks) or, from the member list, for another member.
import type { User } from "@memos/common";
import { ApiError } from "../../api/client";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useUserMutations } from "../../queries/users";
import { toast } from "../../state/toast";
import { PasswordStrength } from "../Password/PasswordStrength";
import { Field } from "../ui/Field";
import { FormDialog } from "../ui/FormDialog";
import { checkPasswordPair, type MessageKey, RULE_LIMITS } from "./validation";

interface ChangePasswordDialogProps {
  open: boolean;
  user: Pick<User, "id" | "username">;
  /** "member": the host or an admin sets someone else's password. */
  who?: "self" | "member";
  onClose: () => void;
}

/** The server names the field when the current password is wrong: said there, in the user's language, not in a toast. */
const wrongCurrentPassword = (error: unknown): boolean =>
  error instanceof ApiError && error.reason === "user.current-password-incorrect" && error.field === "currentPassword";

export function ChangePasswordDialog({ open, user, who = "self", onClose }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const { patch } = useUserMutations({ errorToast: (error) => !wrongCurrentPassword(error) });
  const [current, setCurrent] = useState("");
  const [currentProblem, setCurrentProblem] = useState<MessageKey | null>(null);
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [problem, setProblem] = useState<MessageKey | null>(null);

  useEffect(() => {
    if (!open) return;
    setCurrent("");
    setCurrentProblem(null);
    setPassword("");
    setAgain("");
    setProblem(null);
  }, [open]);

  const submit = async () => {
    const self = who === "self";
    const missingCurrent = self && current === "" ? "message.fill-all-fields" : null;
    const found = checkPasswordPair(password, again, who);
    setCurrentProblem(missingCurrent);
    setProblem(found);
    if (found || missingCurrent) return;
    try {
      await patch.mutateAsync({ id: user.id, body: self ? { password, currentPassword: current } : { password } });
      toast.success(t("message.password-changed"));
      onClose();
    } catch (error) {
      if (wrongCurrentPassword(error)) setCurrentProblem("message.current-password-incorrect");
    }
  };

  const title =
    who === "member" ? t("setting.member.change-password-of", { username: user.username }) : t("setting.account.change-password");
  // Mismatches belong to the second field; everything else to the first.
  const mismatch = problem === "message.passwords-not-match" || problem === "message.new-passwords-not-match";
  return (
    <FormDialog open={open} onClose={onClose} title={title} size="sm" onSubmit={submit}>
      {/* Lets password managers tie the new password to the right account. */}
      <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
      {who === "self" && (
        <Field
          label={t("setting.account.current-password")}
          type="password"
          value={current}
          onChange={(value) => {
            setCurrent(value);
            setCurrentProblem(null);
          }}
          error={currentProblem ? t(currentProblem) : null}
          autoComplete="current-password"
          data-autofocus
        />
      )}
      <Field
        label={t("setting.account.new-password")}
        type="password"
        value={password}
        onChange={(value) => {
          setPassword(value);
          setProblem(null);
        }}
        error={problem && !mismatch ? t(problem, RULE_LIMITS) : null}
        autoComplete="new-password"
        data-autofocus={who === "member" ? "" : undefined}
      />
      <PasswordStrength password={password} userInputs={[user.username]} />
      <Field
        label={t("setting.account.repeat-password")}
        type="password"
        value={again}
        onChange={(value) => {
          setAgain(value);
          setProblem(null);
        }}
        error={problem && mismatch ? t(problem, RULE_LIMITS) : null}
        autoComplete="new-password"
      />
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("setting.account.password-ends-sessions")}</p>
    </FormDialog>
  );
}
