// Creating a member (POST /api/user): a username, a password and the role (member or admin).
import { type FormEvent, useState } from "react";
import { UserPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useUserMutations } from "../../queries/users";
import { toast } from "../../state/toast";
import { Button } from "../ui/Button";
import { Select } from "../ui/Select";
import { PasswordStrength } from "../Password/PasswordStrength";
import { BORDERED_SELECT } from "./controls";
import { Field } from "../ui/Field";
import { checkNewMember, type MessageKey, RULE_LIMITS } from "./validation";

type NewRole = "USER" | "ADMIN";

export function CreateMemberForm() {
  const { t } = useTranslation();
  const { create } = useUserMutations();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [role, setRole] = useState<NewRole>("USER");
  const [problem, setProblem] = useState<MessageKey | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkNewMember(username, password);
    setProblem(found);
    if (found) return;
    try {
      await create.mutateAsync({ username: username.trim(), password, role });
      toast.success(t("message.member-created", { username: username.trim() }));
      setUsername("");
      setPassword("");
      setRole("USER");
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3 p-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={t("common.username")}
          value={username}
          onChange={(value) => {
            setUsername(value);
            setProblem(null);
          }}
          hint={t("daily.rule.username-hint", RULE_LIMITS)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
        <div className="flex flex-col gap-1">
          <Field
            label={t("common.password")}
            type="password"
            value={password}
            onChange={(value) => {
              setPassword(value);
              setProblem(null);
            }}
            autoComplete="new-password"
          />
          <PasswordStrength password={password} userInputs={[username]} />
        </div>
      </div>
      {problem ? (
        <p role="alert" className="text-xs text-red-600 dark:text-red-400">
          {t(problem, RULE_LIMITS)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Select<NewRole>
          label={t("setting.member.role")}
          value={role}
          onChange={setRole}
          options={[
            { value: "USER", label: t("setting.role.USER") },
            { value: "ADMIN", label: t("setting.role.ADMIN") },
          ]}
          className={BORDERED_SELECT}
        />
        <Button type="submit" variant="primary" disabled={create.isPending} icon={<UserPlus className="size-4" aria-hidden />}>
          {t("setting.member.create")}
        </Button>
      </div>
    </form>
  );
}
