// The settings dialog (dialog stack name "setting"): My account and Preferences for everyone, Members and
// System for the host and admins. Tabs on larger screens, a list of pages in a full-screen sheet on phones.
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMe } from "../../queries/session";
import { type SectionId, sectionsFor } from "./access";
import { PageTitle, SettingsPages, SettingsTabs } from "./SettingsPanel";
import { useMediaQuery } from "../layout/useMediaQuery";
import { Dialog } from "../ui/Dialog";
import { Spinner } from "../ui/Spinner";
import { useRestoreFocus } from "../ui/useRestoreFocus";

const PHONE_QUERY = "(max-width: 639.98px)";

export default function SettingDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { data: me, isPending } = useMe();
  const phone = useMediaQuery(PHONE_QUERY);
  const [chosen, setChosen] = useState<SectionId | null>(null);
  const [lastVisited, setLastVisited] = useState<SectionId | null>(null);
  useRestoreFocus(true);

  // A section the user may not see (say the role changed) falls back to the first one.
  const sections = sectionsFor(me?.role);
  const section = chosen && sections.includes(chosen) ? chosen : null;
  const select = (next: SectionId) => {
    setChosen(next);
    setLastVisited(next);
  };

  let body: ReactNode;
  if (isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  } else if (!me) {
    body = <p className="py-10 text-center text-sm text-zinc-600 dark:text-zinc-400">{t("setting.signed-out")}</p>;
  } else if (phone) {
    body = <SettingsPages me={me} section={section} onSelect={select} lastVisited={lastVisited} />;
  } else {
    body = <SettingsTabs me={me} section={section} onSelect={select} />;
  }

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      // One height for every tab on larger screens, so the dialog does not jump while switching.
      className="sm:h-[min(680px,85dvh)] sm:[&>div]:h-full"
      title={phone && me ? <PageTitle section={section} onBack={() => setChosen(null)} /> : t("setting.title")}
    >
      {body}
    </Dialog>
  );
}
