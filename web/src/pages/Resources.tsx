// /resources: the Resources view as a page, where phones get it from the sidebar (desktop opens a dialog).
import { useTranslation } from "react-i18next";
import { ResourcesPanel } from "../components/Resources/ResourcesDialog";
import { AppShell } from "../components/layout/AppShell";
import { Sidebar } from "../components/Sidebar/Sidebar";

export default function Resources() {
  const { t } = useTranslation();
  return (
    <AppShell sidebar={<Sidebar />} title={t("resources.title")} search={false}>
      <section className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-700 dark:bg-zinc-800">
        <ResourcesPanel />
      </section>
    </AppShell>
  );
}
