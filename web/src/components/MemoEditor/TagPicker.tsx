// The `#` toolbar button: a dropdown of the user's existing tags; picking one inserts `#tag `.
import { Hash } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useTags } from "../../queries/sidebar";
import { Menu } from "../ui/Menu";

export function TagPicker({ onPick }: { onPick: (tag: string) => void }) {
  const { t } = useTranslation();
  const { data: tags = [] } = useTags();
  const items = tags.length
    ? [...tags].sort((a, b) => a.localeCompare(b)).map((tag) => ({ key: tag, label: `#${tag}`, onSelect: () => onPick(tag) }))
    : [{ key: "none", label: t("editor.no-tags"), onSelect: () => undefined }];
  return (
    <Menu
      label={t("editor.insert-tag")}
      trigger={<Hash className="size-4" aria-hidden />}
      items={items}
      align="left"
      listClassName="max-h-72"
    />
  );
}
