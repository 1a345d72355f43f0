// A callout (GitHub's `> [!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]`, `[!CAUTION]`): a quote with the kind's
// icon, title and colour (markdown.css), the title in the reader's language.
import type { CalloutKind } from "@memos/common";
import { Info, Lightbulb, type LucideIcon, MessageSquareWarning, OctagonAlert, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

const ICONS: Record<CalloutKind, LucideIcon> = {
  note: Info,
  tip: Lightbulb,
  important: MessageSquareWarning,
  warning: TriangleAlert,
  caution: OctagonAlert,
};

export function Callout({ kind, children }: { kind: CalloutKind; children: ReactNode }) {
  const { t } = useTranslation();
  const Icon = ICONS[kind];
  return (
    <blockquote className={`md-callout md-callout-${kind}`}>
      <p className="md-callout-title">
        <Icon className="size-4 shrink-0" aria-hidden />
        {t(`markdown.callout.${kind}`)}
      </p>
      {children}
    </blockquote>
  );
}
