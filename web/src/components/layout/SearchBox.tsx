// Quick text search: typing sets `text` in the query string after a short pause; Escape clears it.
import { INPUT_LIMITS } from "@memos/common";
import { Search, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFilter } from "../../state/filter";

export const SEARCH_DEBOUNCE_MS = 300;

export function SearchBox() {
  const { t } = useTranslation();
  const { filter, update } = useFilter();
  const [value, setValue] = useState(filter.text ?? "");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();

  // Follow the query string when it changes elsewhere (a removed chip, clear all, back/forward).
  useEffect(() => {
    setValue((current) => (current.trim() === (filter.text ?? "") ? current : (filter.text ?? "")));
  }, [filter.text]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (text: string, delay: number) => {
    clearTimeout(timer.current);
    const apply = () => update({ text: text.trim() || undefined }, { replace: true });
    if (delay === 0) apply();
    else timer.current = setTimeout(apply, delay);
  };

  return (
    <div role="search" className="relative min-w-0 flex-1 sm:w-56 sm:flex-none">
      <label htmlFor={id} className="sr-only">
        {t("search.label")}
      </label>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-400" />
      <input
        id={id}
        type="search"
        value={value}
        placeholder={t("search.placeholder")}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={INPUT_LIMITS.searchText}
        onChange={(event) => {
          setValue(event.target.value);
          commit(event.target.value, SEARCH_DEBOUNCE_MS);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit(value, 0);
          if (event.key === "Escape" && value) {
            event.preventDefault();
            setValue("");
            commit("", 0);
          }
        }}
        className="h-10 w-full rounded-lg border border-zinc-200 bg-white pr-9 pl-8 text-sm text-zinc-800 placeholder:text-zinc-400 focus:border-accent focus:outline-none dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-100 [&::-webkit-search-cancel-button]:hidden"
      />
      {value ? (
        <button
          type="button"
          aria-label={t("search.clear")}
          onClick={() => {
            setValue("");
            commit("", 0);
          }}
          className="absolute top-1/2 right-0.5 flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-zinc-500 hover:text-zinc-600 dark:hover:text-zinc-200"
        >
          <X className="size-4" aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
