// Quick text search: typing sets `text` in the query string after a short pause; Escape clears it. The text may
// hold quick filters (`tag:work before:2026-01-01 has:task`, common's search-expression.ts): while one is typed, a
// list under the box offers the keys and their values (the user's tags among them), picked with the arrow keys and
// Enter or by pointer, the focus staying in the box (aria-activedescendant, as the ARIA combobox pattern does).
import { INPUT_LIMITS } from "@memos/common";
import { Search, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMe } from "../../queries/session";
import { useTags } from "../../queries/sidebar";
import { useFilter } from "../../state/filter";
import { applySuggestion, type SearchSuggestion, searchSuggestions, wordAt } from "./searchSuggestions";

export const SEARCH_DEBOUNCE_MS = 300;

const NO_TAGS: string[] = [];

export function SearchBox() {
  const { t } = useTranslation();
  const { filter, update } = useFilter();
  const [value, setValue] = useState(filter.text ?? "");
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  // Escape closes the suggestions until the text changes again.
  const [dismissed, setDismissed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const listId = `${id}-suggestions`;
  const { data: me } = useMe();
  // The user's tags are asked for once a `tag:` is being typed (a visitor has none to offer).
  const typingTag = caret !== null && /^tag:/i.test(wordAt(value, caret)?.word ?? "");
  const { data: tags } = useTags(Boolean(me) && typingTag);
  const suggestions: SearchSuggestion[] = useMemo(
    () => (caret === null ? [] : searchSuggestions(value, caret, tags ?? NO_TAGS)),
    [value, caret, tags],
  );
  const open = suggestions.length > 0 && !dismissed;

  // The text last put in the query string by this box: its own change coming back is no change from elsewhere (it
  // may come back after the box has moved on, a suggestion picked meanwhile).
  const committed = useRef(filter.text);
  // Follow the query string when it changes elsewhere (a removed chip, clear all, back/forward).
  useEffect(() => {
    if (filter.text === committed.current) return;
    committed.current = filter.text;
    setValue((current) => (current.trim() === (filter.text ?? "") ? current : (filter.text ?? "")));
  }, [filter.text]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (text: string, delay: number) => {
    clearTimeout(timer.current);
    const apply = () => {
      committed.current = text.trim() || undefined;
      update({ text: committed.current }, { replace: true });
    };
    if (delay === 0) apply();
    else timer.current = setTimeout(apply, delay);
  };

  const change = (text: string, at: number | null) => {
    setValue(text);
    setCaret(at);
    setActive(0);
    setDismissed(false);
    commit(text, SEARCH_DEBOUNCE_MS);
  };

  const pick = (suggestion: SearchSuggestion) => {
    const placed = applySuggestion(value, caret ?? value.length, suggestion);
    change(placed.text, placed.caret);
    // The caret after what was put in, once React has written the new value.
    requestAnimationFrame(() => input.current?.setSelectionRange(placed.caret, placed.caret));
  };

  const optionId = (index: number) => `${id}-option-${index}`;

  return (
    <div role="search" className="relative min-w-0 flex-1 sm:w-56 sm:flex-none">
      <label htmlFor={id} className="sr-only">
        {t("search.label")}
      </label>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-400" />
      <input
        ref={input}
        id={id}
        type="search"
        // A searchbox (the role every page's tests and screen readers know it by) that names its list and the
        // option the arrow keys are on, as a combobox does.
        aria-controls={open ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={open ? optionId(Math.min(active, suggestions.length - 1)) : undefined}
        value={value}
        placeholder={t("search.placeholder")}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={INPUT_LIMITS.searchText}
        onChange={(event) => change(event.target.value, event.target.selectionStart)}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onBlur={() => setCaret(null)}
        onKeyDown={(event) => {
          if (open && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
            event.preventDefault();
            const step = event.key === "ArrowDown" ? 1 : -1;
            setActive((current) => (current + step + suggestions.length) % suggestions.length);
            return;
          }
          if (open && event.key === "Enter") {
            event.preventDefault();
            pick(suggestions[Math.min(active, suggestions.length - 1)]!);
            return;
          }
          if (event.key === "Enter") commit(value, 0);
          if (event.key === "Escape" && open) {
            event.preventDefault();
            setDismissed(true);
            return;
          }
          if (event.key === "Escape" && value) {
            event.preventDefault();
            setValue("");
            commit("", 0);
          }
        }}
        className="h-10 w-full rounded-lg border border-zinc-200 bg-white pr-9 pl-8 text-sm text-zinc-800 placeholder:text-zinc-400 focus:border-accent focus:outline-none dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-100 [&::-webkit-search-cancel-button]:hidden"
      />
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={t("search.suggestions")}
          className="absolute top-full right-0 left-0 z-30 mt-1 max-h-72 overflow-y-auto rounded-lg border border-zinc-200 bg-white py-1 shadow-lg sm:w-72 dark:border-zinc-700 dark:bg-zinc-800"
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.insert}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Keep the focus in the box: the pick happens on pointer down.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(suggestion);
              }}
              className={`flex min-h-10 cursor-pointer flex-col justify-center px-3 text-sm sm:min-h-8 ${
                index === active ? "bg-blue-50 text-blue-800 dark:bg-blue-950/60 dark:text-blue-200" : "text-zinc-700 dark:text-zinc-200"
              }`}
            >
              <span className="font-mono">{suggestion.insert.trim()}</span>
              <span className="text-xs text-zinc-600 dark:text-zinc-300">{t(`search.suggest.${suggestion.key}`)}</span>
            </li>
          ))}
        </ul>
      ) : null}
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
