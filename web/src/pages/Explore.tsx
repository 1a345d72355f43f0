import { useTranslation } from "react-i18next";

export default function Explore() {
  const { t } = useTranslation();
  return <main className="p-6">{t("common.loading")} — Explore</main>;
}
