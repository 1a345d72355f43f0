// The banner's menu: language, appearance, and sign out (or sign in for visitors). The language list
// opens in place of the main list.
import { useEffectivePreferences } from "../../state/useEffectivePreferences";
import type { User } from "@memos/common";
import { ChevronLeft, ChevronRight, Globe, Info, LogIn, LogOut, Monitor, Moon, MoreHorizontal, Sun } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSignOut } from "../../queries/session";
import { useDialogs } from "../../state/dialogs";
import { usePreferenceActions } from "../../state/usePreferenceActions";
import { ChoiceMenu as Menu, ChoiceMenuGroup as MenuGroup, ChoiceMenuItem as MenuItem } from "./ChoiceMenu";
import { APPEARANCE_OPTIONS, LANGUAGE_NAMES, LANGUAGE_OPTIONS } from "../layout/preferenceOptions";

const APPEARANCE_ICONS = { system: Monitor, light: Sun, dark: Moon };

function MenuContent({ me }: { me: User | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOutMutation = useSignOut();
  const pushDialog = useDialogs((state) => state.push);
  const { locale, appearance } = useEffectivePreferences();
  const { setLocale, setAppearance } = usePreferenceActions();
  const [view, setView] = useState<"main" | "language">("main");
  const root = useRef<HTMLDivElement>(null);
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view moves the focus to its first item
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    root.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
  }, [view]);

  const signOut = async () => {
    try {
      await signOutMutation.mutateAsync();
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
      return;
    }
    // The sign-in page clears what was cached for this user once it shows.
    void navigate("/auth");
  };

  if (view === "language") {
    return (
      <div ref={root}>
        <MenuItem keepOpen onSelect={() => setView("main")} icon={<ChevronLeft className="size-4" />}>
          {t("common.language")}
        </MenuItem>
        <MenuGroup>
          {LANGUAGE_OPTIONS.map((option) => (
            <MenuItem key={option.value} checked={option.value === locale} onSelect={() => void setLocale(option.value)}>
              <span lang={option.value}>{option.label}</span>
            </MenuItem>
          ))}
        </MenuGroup>
      </div>
    );
  }
  return (
    <div ref={root}>
      <MenuGroup>
        <MenuItem
          keepOpen
          onSelect={() => setView("language")}
          icon={<Globe className="size-4" />}
          end={
            <>
              {LANGUAGE_NAMES[locale]}
              <ChevronRight className="size-3.5" aria-hidden />
            </>
          }
        >
          {t("common.language")}
        </MenuItem>
      </MenuGroup>
      <MenuGroup label={t("common.appearance")}>
        {APPEARANCE_OPTIONS.map((option) => {
          const Icon = APPEARANCE_ICONS[option];
          return (
            <MenuItem key={option} checked={option === appearance} onSelect={() => void setAppearance(option)}>
              <span className="inline-flex items-center gap-2">
                <Icon className="size-4 text-zinc-600" aria-hidden />
                {t(`setting.appearance-option.${option}`)}
              </span>
            </MenuItem>
          );
        })}
      </MenuGroup>
      <MenuGroup>
        <MenuItem onSelect={() => pushDialog("about")} icon={<Info className="size-4" />}>
          {t("about.title")}
        </MenuItem>
        {me ? (
          <MenuItem onSelect={() => void signOut()} icon={<LogOut className="size-4" />}>
            {t("common.sign-out")}
          </MenuItem>
        ) : (
          <MenuItem onSelect={() => void navigate("/auth")} icon={<LogIn className="size-4" />}>
            {t("common.sign-in")}
          </MenuItem>
        )}
      </MenuGroup>
    </div>
  );
}

export function UserMenu({ me }: { me: User | null }) {
  const { t } = useTranslation();
  return (
    <Menu
      label={t("sidebar.user-menu")}
      trigger={<MoreHorizontal className="size-5" aria-hidden />}
      triggerClassName="flex size-10 items-center justify-center rounded-lg text-zinc-600 hover:bg-zinc-200 dark:text-zinc-400 dark:hover:bg-zinc-800"
    >
      <MenuContent me={me} />
    </Menu>
  );
}
