// The editor's visibility selector: Private (only you), Protected (members), Public (everyone).
import type { Visibility } from "@memos/common";
import { Globe, Lock, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Select } from "../ui/Select";

const ICONS = { PRIVATE: Lock, PROTECTED: Users, PUBLIC: Globe };
const ORDER: Visibility[] = ["PRIVATE", "PROTECTED", "PUBLIC"];

export function VisibilitySelect({ value, onChange }: { value: Visibility; onChange: (value: Visibility) => void }) {
  const { t } = useTranslation();
  const Icon = ICONS[value];
  return (
    <Select
      label={`${t("editor.visibility")}: ${t(`memo.visibility.${value}-hint`)}`}
      value={value}
      onChange={onChange}
      icon={<Icon className="size-3.5" aria-hidden />}
      options={ORDER.map((visibility) => ({ value: visibility, label: t(`memo.visibility.${visibility}`) }))}
    />
  );
}
