// The funnel beside the search box: quick filters by memo type (no tags / has links) and visibility.
// Choosing the active value again turns it off; the chips below the header show what is on.
import { MEMO_TYPE_FILTERS, VISIBILITIES } from "@memos/common";
import { Check, ListFilter } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useFilter } from "../../state/filter";
import { Menu, type MenuItem } from "../ui/Menu";

export function QuickFilterMenu({ showVisibility = true }: { showVisibility?: boolean }) {
  const { t } = useTranslation();
  const { filter, update } = useFilter();
  const mark = (active: boolean) => (active ? <Check className="size-4 text-accent" aria-hidden /> : <span className="size-4" />);

  const items: MenuItem[] = [
    ...MEMO_TYPE_FILTERS.map((type, index) => ({
      key: `type-${type}`,
      label: `${t("filter.type.TYPE")}: ${t(`filter.value.${type}`)}`,
      icon: mark(filter.type === type),
      separated: index === 0 ? undefined : false,
      onSelect: () => update({ type: filter.type === type ? undefined : type }),
    })),
    ...(showVisibility
      ? VISIBILITIES.map((visibility, index) => ({
          key: `visibility-${visibility}`,
          label: `${t("filter.type.VISIBILITY")}: ${t(`filter.value.${visibility}`)}`,
          icon: mark(filter.visibility === visibility),
          separated: index === 0,
          onSelect: () => update({ visibility: filter.visibility === visibility ? undefined : visibility }),
        }))
      : []),
  ];
  const active = Boolean(filter.type || filter.visibility);

  return (
    <Menu
      label={t("filter.quick")}
      items={items}
      trigger={<ListFilter className="size-4" aria-hidden />}
      triggerClassName={`flex size-10 shrink-0 items-center justify-center rounded-lg border ${
        active
          ? "border-accent text-accent"
          : "border-zinc-200 bg-white text-zinc-600 hover:text-zinc-700 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-400"
      }`}
    />
  );
}
