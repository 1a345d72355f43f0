// The settings dialog's body: vertical tabs beside the section on larger screens; on phones a list of
// sections, each opening as its own page with a way back.
import type { User } from "@memos/common";
import { ChevronLeft, ChevronRight, Monitor, Server, UserRound, Users } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { type SectionId, sectionsFor } from "./access";
import { MembersSection } from "./MembersSection";
import { MyAccountSection } from "./MyAccountSection";
import { PreferencesSection } from "./PreferencesSection";
import { SystemSection } from "./SystemSection";

const SECTION_ICONS = { "my-account": UserRound, preference: Monitor, member: Users, system: Server };

function SectionContent({ section, me }: { section: SectionId; me: User }) {
  if (section === "my-account") return <MyAccountSection me={me} />;
  if (section === "preference") return <PreferencesSection />;
  if (section === "member") return <MembersSection me={me} />;
  return <SystemSection me={me} />;
}

interface PanelProps {
  me: User;
  /** The open section; null shows the list (phones only). */
  section: SectionId | null;
  onSelect: (section: SectionId) => void;
}

/** Desktop: a vertical tab list; arrows move between tabs (and select them), as the ARIA pattern asks. */
export function SettingsTabs({ me, section, onSelect }: PanelProps) {
  const { t } = useTranslation();
  const sections = sectionsFor(me.role);
  const active = section ?? sections[0] ?? "my-account";
  const baseId = useId();

  const onKeyDown = (event: KeyboardEvent) => {
    const index = sections.indexOf(active);
    const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: sections.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = sections[(next + sections.length) % sections.length];
    if (!target) return;
    onSelect(target);
    document.getElementById(`${baseId}-tab-${target}`)?.focus();
  };

  return (
    <div className="flex min-h-[min(560px,70dvh)] gap-5">
      <div
        role="tablist"
        aria-orientation="vertical"
        aria-label={t("setting.sections")}
        onKeyDown={onKeyDown}
        className="sticky top-0 flex w-44 shrink-0 flex-col gap-0.5 self-start"
      >
        {sections.map((id) => {
          const Icon = SECTION_ICONS[id];
          const selected = id === active;
          return (
            <button
              key={id}
              id={`${baseId}-tab-${id}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              data-autofocus={selected ? "" : undefined}
              onClick={() => onSelect(id)}
              className={`flex h-9 items-center gap-2.5 rounded-lg px-2.5 text-left text-sm transition-colors duration-200 ${
                selected
                  ? "bg-zinc-100 font-medium text-zinc-900 dark:bg-zinc-700/70 dark:text-zinc-50"
                  : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-700/50 dark:hover:text-zinc-50"
              }`}
            >
              <Icon aria-hidden className="size-4 shrink-0 text-zinc-600 dark:text-zinc-400" />
              {t(`setting.section.${id}`)}
            </button>
          );
        })}
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${active}`} className="min-w-0 flex-1 pb-2">
        <SectionContent section={active} me={me} />
      </div>
    </div>
  );
}

/** Phones: the section list, or one section as a page. `lastVisited` gets focus back on the list. */
export function SettingsPages({ me, section, onSelect, lastVisited }: PanelProps & { lastVisited: SectionId | null }) {
  const { t } = useTranslation();
  const sections = sectionsFor(me.role);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (section !== null) return;
    listRef.current?.querySelector<HTMLElement>("button[data-last]")?.focus();
  }, [section]);

  if (section !== null) return <SectionContent section={section} me={me} />;
  return (
    <ul ref={listRef} aria-label={t("setting.sections")} className="-mx-1 flex flex-col">
      {sections.map((id) => {
        const Icon = SECTION_ICONS[id];
        return (
          <li key={id}>
            <button
              type="button"
              onClick={() => onSelect(id)}
              data-last={id === lastVisited ? "" : undefined}
              data-autofocus={id === sections[0] ? "" : undefined}
              className="flex h-12 w-full items-center gap-3 rounded-lg px-2 text-left text-[15px] text-zinc-800 hover:bg-zinc-100 dark:text-zinc-100 dark:hover:bg-zinc-700/50"
            >
              <Icon aria-hidden className="size-5 shrink-0 text-zinc-600 dark:text-zinc-400" />
              <span className="flex-1">{t(`setting.section.${id}`)}</span>
              <ChevronRight aria-hidden className="size-4 text-zinc-400" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The dialog title on phones: the section name with a back button, or "Settings" on the list. */
export function PageTitle({ section, onBack }: { section: SectionId | null; onBack: () => void }) {
  const { t } = useTranslation();
  if (section === null) return <>{t("setting.title")}</>;
  return (
    <span className="-ml-2 flex items-center gap-1">
      <button
        type="button"
        // Entering a page unmounts the list item that had focus.
        autoFocus
        onClick={onBack}
        aria-label={t("setting.back")}
        title={t("setting.back")}
        className="inline-flex size-10 items-center justify-center rounded-lg text-zinc-600 hover:bg-zinc-100 hover:text-zinc-800 dark:text-zinc-400 dark:hover:bg-zinc-700/60 dark:hover:text-zinc-100"
      >
        <ChevronLeft className="size-5" aria-hidden />
      </button>
      {t(`setting.section.${section}`)}
    </span>
  );
}
