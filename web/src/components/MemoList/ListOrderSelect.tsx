// The home list's order: newest first by display time, or the most recently edited first. Kept as the user's
// setting (memoListOrder) on the server, so the choice follows the account to every device.
import { MEMO_LIST_ORDERS, type MemoListOrder } from "@memos/common";
import { ArrowDownUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useMe, userSetting } from "../../queries/session";
import { useUserSettingMutation } from "../../queries/settings";
import { Select } from "../ui/Select";

/** The signed-in user's list order (display order until they choose). */
export function useListOrder(): MemoListOrder {
  const { data: me } = useMe();
  return userSetting<MemoListOrder>(me, "memoListOrder", "display");
}

export function ListOrderSelect() {
  const { t } = useTranslation();
  const order = useListOrder();
  const save = useUserSettingMutation();
  return (
    <Select<MemoListOrder>
      data-testid="list-order"
      label={t("memo-list.order.label")}
      icon={<ArrowDownUp className="size-3.5" aria-hidden />}
      value={order}
      options={MEMO_LIST_ORDERS.map((value) => ({ value, label: t(`memo-list.order.${value}`) }))}
      onChange={(value) => save.mutate({ key: "memoListOrder", value })}
    />
  );
}
