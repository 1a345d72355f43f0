// Client preferences: language, appearance and the local (browser-only) settings, kept in localStorage.
import type { Appearance, Locale } from "@memos/common";
import { create } from "zustand";
import { storage } from "./storage";

export interface LocalSetting {
  enableFoldMemo: boolean;
  enablePowerfulEditor: boolean;
  editorFontStyle: "normal" | "mono";
  mobileEditorStyle: "normal" | "float";
}

const DEFAULT_LOCAL_SETTING: LocalSetting = {
  enableFoldMemo: true,
  enablePowerfulEditor: true,
  editorFontStyle: "normal",
  mobileEditorStyle: "normal",
};

interface PreferencesState {
  locale: Locale | null;
  appearance: Appearance | null;
  localSetting: LocalSetting;
  setLocale(locale: Locale): void;
  setAppearance(appearance: Appearance): void;
  setLocalSetting(patch: Partial<LocalSetting>): void;
}

export const usePreferences = create<PreferencesState>((set, get) => ({
  locale: storage.get<Locale | null>("locale", null),
  appearance: storage.get<Appearance | null>("appearance", null),
  localSetting: { ...DEFAULT_LOCAL_SETTING, ...storage.get<Partial<LocalSetting>>("localSetting", {}) },
  setLocale(locale) {
    storage.set("locale", locale);
    set({ locale });
  },
  setAppearance(appearance) {
    storage.set("appearance", appearance);
    set({ appearance });
  },
  setLocalSetting(patch) {
    const localSetting = { ...get().localSetting, ...patch };
    storage.set("localSetting", localSetting);
    set({ localSetting });
  },
}));
