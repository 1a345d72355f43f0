// Editing the signed-in user's username, nickname and email (PATCH /api/user/:id with the changed fields).
import type { User } from "@memos/common";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useUserMutations, type UserPatch } from "../../queries/users";
import { toast } from "../../state/toast";
import { Field } from "../ui/Field";
import { FormDialog } from "../ui/FormDialog";
import { checkEmail, checkNewUsername, checkNickname, type MessageKey, RULE_LIMITS } from "./validation";

interface Problems {
  username?: MessageKey | null;
  nickname?: MessageKey | null;
  email?: MessageKey | null;
}

export function UpdateAccountDialog({ open, user, onClose }: { open: boolean; user: User; onClose: () => void }) {
  const { t } = useTranslation();
  const { patch } = useUserMutations();
  const [username, setUsername] = useState(user.username);
  const [nickname, setNickname] = useState(user.nickname);
  const [email, setEmail] = useState(user.email);
  const [problems, setProblems] = useState<Problems>({});

  useEffect(() => {
    if (!open) return;
    setUsername(user.username);
    setNickname(user.nickname);
    setEmail(user.email);
    setProblems({});
  }, [open, user]);

  const submit = async () => {
    const found: Problems = {
      // The rule binds a new name only: an account named before it keeps its name.
      username: username === "" ? "message.fill-all-fields" : username === user.username ? null : checkNewUsername(username),
      nickname: checkNickname(nickname),
      email: checkEmail(email.trim()),
    };
    setProblems(found);
    if (found.username || found.nickname || found.email) return;

    const body: UserPatch = {};
    if (username !== user.username) body.username = username;
    if (nickname !== user.nickname) body.nickname = nickname;
    if (email.trim() !== user.email) body.email = email.trim();
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    try {
      await patch.mutateAsync({ id: user.id, body });
      toast.success(t("message.update-succeed"));
      onClose();
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  const message = (key: MessageKey | null | undefined) => (key ? t(key, RULE_LIMITS) : null);
  return (
    <FormDialog open={open} onClose={onClose} title={t("setting.account.edit-title")} size="sm" onSubmit={submit}>
      <Field
        label={t("common.username")}
        value={username}
        onChange={(value) => {
          setUsername(value);
          setProblems((current) => ({ ...current, username: null }));
        }}
        error={message(problems.username)}
        hint={t("daily.rule.username-hint", RULE_LIMITS)}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        data-autofocus
      />
      <Field
        label={t("setting.account.nickname")}
        value={nickname}
        onChange={(value) => {
          setNickname(value);
          setProblems((current) => ({ ...current, nickname: null }));
        }}
        error={message(problems.nickname)}
        autoComplete="nickname"
      />
      <Field
        label={t("setting.account.email")}
        type="email"
        value={email}
        onChange={(value) => {
          setEmail(value);
          setProblems((current) => ({ ...current, email: null }));
        }}
        error={message(problems.email)}
        hint={t("setting.account.email-hint")}
        autoComplete="email"
      />
    </FormDialog>
  );
}
