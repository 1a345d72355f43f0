import type { Role } from "@memos/common";
import { useTranslation } from "react-i18next";

const TONE: Record<Role, string> = {
  HOST: "border-green-600/40 text-green-700 dark:border-green-500/40 dark:text-green-400",
  ADMIN: "border-blue-600/40 text-blue-700 dark:border-blue-400/40 dark:text-blue-300",
  USER: "border-zinc-300 text-zinc-600 dark:border-zinc-600 dark:text-zinc-300",
};

/** A small outlined label naming a role (Host, Admin, Member). */
export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex h-5 shrink-0 items-center rounded border px-1.5 text-xs font-medium ${TONE[role]}`}>
      {t(`setting.role.${role}`)}
    </span>
  );
}
