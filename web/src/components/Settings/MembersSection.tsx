// Members (host and admins): the member list with roles and status, creating members, and per member a
// menu to change the password, reset two-factor sign-in, archive or restore, and delete. Destructive steps ask first.
import { isOwnAccount, type User } from "@memos/common";
import { Archive, ArchiveRestore, KeyRound, MoreHorizontal, ShieldOff, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useUserList, useUserMutations } from "../../queries/users";
import { useTwoFactorReset } from "../../queries/two-factor";
import { toast } from "../../state/toast";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { Menu, type MenuItem } from "../ui/Menu";
import { type MemberAction, memberActions } from "./access";
import { ChangePasswordDialog } from "./ChangePasswordDialog";
import { SettingGroup } from "./controls";
import { CreateMemberForm } from "./CreateMemberForm";
import { RoleBadge } from "./RoleBadge";
import { type SettingsListRow, SettingsListCard } from "./SettingsListCard";

type Pending = { action: Exclude<MemberAction, "restore">; member: User } | null;

const ICONS = { "change-password": KeyRound, "reset-two-factor": ShieldOff, archive: Archive, restore: ArchiveRestore, delete: Trash2 };

/** A member's row: name, role and status, and the actions the signed-in user may take on them. */
function useMemberRow(me: User, onAction: (member: User, action: MemberAction) => void) {
  const { t } = useTranslation();
  return (member: User): SettingsListRow => {
    const items: MenuItem[] = memberActions(me, member).map((action) => {
      const Icon = ICONS[action];
      return {
        key: action,
        label: action === "reset-two-factor" ? t("two-factor.reset") : t(`setting.member.action.${action}`),
        icon: <Icon aria-hidden />,
        danger: action === "delete",
        separated: action === "delete",
        onSelect: () => onAction(member, action),
      };
    });
    const archived = member.rowStatus === "ARCHIVED";
    return {
      name: member.nickname || member.username,
      badges: (
        <>
          <RoleBadge role={member.role} />
          {archived ? (
            <span className="inline-flex h-5 items-center rounded border border-dashed border-zinc-400 px-1.5 text-xs text-zinc-600 dark:border-zinc-500 dark:text-zinc-300">
              {t("setting.member.archived")}
            </span>
          ) : null}
        </>
      ),
      details: [`@${member.username}`],
      dimmed: archived,
      actions: isOwnAccount(me.id, member.id) ? (
        <span className="px-2 text-xs text-zinc-600 dark:text-zinc-400">{t("setting.member.yourself")}</span>
      ) : items.length ? (
        <Menu
          label={t("setting.member.actions", { username: member.username })}
          trigger={<MoreHorizontal className="size-4" aria-hidden />}
          items={items}
        />
      ) : null,
    };
  };
}

export function MembersSection({ me }: { me: User }) {
  const { t } = useTranslation();
  const users = useUserList();
  const { patch, remove } = useUserMutations();
  const resetTwoFactor = useTwoFactorReset();
  const [pending, setPending] = useState<Pending>(null);

  const resetMemberTwoFactor = async (member: User) => {
    try {
      await resetTwoFactor.mutateAsync(member.id);
      toast.success(t("two-factor.reset-done", { username: member.username }));
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  const setStatus = async (member: User, rowStatus: User["rowStatus"]) => {
    try {
      await patch.mutateAsync({ id: member.id, body: { rowStatus } });
      toast.success(t(rowStatus === "ARCHIVED" ? "message.member-archived" : "message.member-restored", { username: member.username }));
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  const deleteMember = async (member: User) => {
    try {
      await remove.mutateAsync(member.id);
      toast.success(t("message.member-deleted", { username: member.username }));
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  const onAction = (member: User, action: MemberAction) => {
    if (action === "restore") void setStatus(member, "NORMAL");
    else setPending({ action, member });
  };
  const row = useMemberRow(me, onAction);
  return (
    <div className="flex flex-col gap-5">
      <SettingGroup title={t("setting.member.create-title")}>
        <CreateMemberForm />
      </SettingGroup>

      <SettingsListCard
        title={t("setting.member.list-title", { count: users.data?.length ?? 0 })}
        list={users}
        rowTestId="member-row"
        itemKey={(member) => member.id}
        row={row}
      />

      {pending?.action === "change-password" ? (
        <ChangePasswordDialog open user={pending.member} who="member" onClose={() => setPending(null)} />
      ) : null}
      <ConfirmDialog
        open={pending?.action === "reset-two-factor"}
        onClose={() => setPending(null)}
        title={t("two-factor.reset-title", { username: pending?.member.username })}
        body={t("two-factor.reset-body")}
        confirmLabel={t("two-factor.reset")}
        onConfirm={() => (pending ? resetMemberTwoFactor(pending.member) : undefined)}
      />
      <ConfirmDialog
        open={pending?.action === "archive"}
        onClose={() => setPending(null)}
        title={t("setting.member.archive-title", { username: pending?.member.username })}
        body={t("setting.member.archive-body")}
        confirmLabel={t("setting.member.action.archive")}
        onConfirm={() => (pending ? setStatus(pending.member, "ARCHIVED") : undefined)}
      />
      <ConfirmDialog
        open={pending?.action === "delete"}
        onClose={() => setPending(null)}
        title={t("setting.member.delete-title", { username: pending?.member.username })}
        body={t("setting.member.delete-body")}
        confirmLabel={t("common.delete")}
        onConfirm={() => (pending ? deleteMember(pending.member) : undefined)}
      />
    </div>
  );
}
