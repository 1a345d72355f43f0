import { useTranslation } from "react-i18next";

export default function MemoDetail() {
  const { t } = useTranslation();
  return <main className="p-6">{t("common.loading")} — MemoDetail</main>;
}
