// Creating or editing a shortcut: a title and a list of filters (docs/v0-wire.md#shortcut-filters), saved as the JSON payload.
import { Button } from "../ui/Button";
import {
  defaultFilter,
  type Filter,
  type FilterOperator,
  type FilterRelation,
  type FilterType,
  FILTER_TYPES,
  INPUT_LIMITS,
  MEMO_SPECIAL_TYPES,
  OPERATORS_BY_TYPE,
  parseShortcutPayload,
  serializeShortcutPayload,
  type Shortcut,
  VISIBILITIES,
} from "@memos/common";
import { Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useShortcutMutations, useTags } from "../../queries/sidebar";
import { Field } from "../ui/Field";
import { FormDialog } from "../ui/FormDialog";

const CONTROL =
  "h-9 min-w-0 rounded-lg border border-zinc-300 bg-white px-2 text-sm focus:border-accent focus:outline-none dark:border-zinc-600 dark:bg-zinc-900";

function ValueInput({ filter, onChange, label }: { filter: Filter; onChange: (value: string) => void; label: string }) {
  const { t } = useTranslation();
  const { data: tags } = useTags(filter.type === "TAG");
  const listId = useId();
  const value = filter.value.value;
  const common = { "aria-label": label, className: `${CONTROL} w-full`, value };
  if (filter.type === "TYPE" || filter.type === "VISIBILITY") {
    const options = filter.type === "TYPE" ? MEMO_SPECIAL_TYPES : VISIBILITIES;
    return (
      <select {...common} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t("shortcut-list.choose-value")}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {t(`filter.value.${option}`)}
          </option>
        ))}
      </select>
    );
  }
  if (filter.type === "DISPLAY_TIME") {
    return <input {...common} type="datetime-local" onChange={(event) => onChange(event.target.value)} />;
  }
  return (
    <>
      <input
        {...common}
        list={filter.type === "TAG" ? listId : undefined}
        placeholder={t(filter.type === "TAG" ? "shortcut-list.tag-placeholder" : "shortcut-list.text-placeholder")}
        onChange={(event) => onChange(event.target.value)}
      />
      {filter.type === "TAG" ? (
        <datalist id={listId}>
          {(tags ?? []).map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
      ) : null}
    </>
  );
}

interface Props {
  /** The shortcut to edit, or null to create one. */
  shortcut: Shortcut | null;
  open: boolean;
  onClose: () => void;
}

export function ShortcutDialog({ shortcut, open, onClose }: Props) {
  const { t } = useTranslation();
  const { create, patch } = useShortcutMutations();
  const [title, setTitle] = useState("");
  const [filters, setFilters] = useState<Filter[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setTitle(shortcut?.title ?? "");
    const existing = parseShortcutPayload(shortcut?.payload);
    setFilters(existing.length ? existing : [defaultFilter()]);
    setError(null);
  }, [open, shortcut]);

  const change = (index: number, next: { type?: FilterType; relation?: FilterRelation; operator?: FilterOperator; value?: string }) => {
    setError(null);
    setFilters((current) =>
      current.map((filter, i) => {
        if (i !== index) return filter;
        if (next.type && next.type !== filter.type) {
          return { ...filter, type: next.type, value: { operator: OPERATORS_BY_TYPE[next.type][0]!, value: "" } };
        }
        return {
          ...filter,
          relation: next.relation ?? filter.relation,
          value: { operator: next.operator ?? filter.value.operator, value: next.value ?? filter.value.value },
        };
      }),
    );
  };

  const addFilter = () => {
    if (filters.length && filters[filters.length - 1]!.value.value === "") {
      setError(t("shortcut-list.fill-previous"));
      return;
    }
    setFilters([...filters, defaultFilter()]);
  };

  const save = async () => {
    if (!title.trim()) return setError(t("shortcut-list.title-required"));
    if (filters.some((filter) => filter.value.value === "")) return setError(t("shortcut-list.value-required"));
    const body = { title: title.trim(), payload: serializeShortcutPayload(filters) };
    try {
      if (shortcut) await patch.mutateAsync({ id: shortcut.id, ...body });
      else await create.mutateAsync(body);
      onClose();
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t(shortcut ? "shortcut-list.edit-title" : "shortcut-list.create")}
      onSubmit={save}
      error={error}
    >
      <Field label={t("shortcut-list.name")} data-autofocus value={title} maxLength={INPUT_LIMITS.shortcutTitle} onChange={setTitle} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t("shortcut-list.filters")}</legend>
        {filters.map((filter, index) => {
          const n = index + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a filter is its place in the list; its fields are controlled
            <div key={index} className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-2 dark:border-zinc-700">
              <div className="flex flex-wrap items-center gap-2">
                {index > 0 ? (
                  <select
                    aria-label={t("shortcut-list.relation-n", { n })}
                    className={CONTROL}
                    value={filter.relation}
                    onChange={(event) => change(index, { relation: event.target.value as FilterRelation })}
                  >
                    <option value="AND">{t("filter.relation.AND")}</option>
                    <option value="OR">{t("filter.relation.OR")}</option>
                  </select>
                ) : null}
                <select
                  aria-label={t("shortcut-list.type-n", { n })}
                  className={`${CONTROL} flex-1`}
                  value={filter.type}
                  onChange={(event) => change(index, { type: event.target.value as FilterType })}
                >
                  {FILTER_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`filter.type.${type}`)}
                    </option>
                  ))}
                </select>
                <select
                  aria-label={t("shortcut-list.operator-n", { n })}
                  className={`${CONTROL} flex-1`}
                  value={filter.value.operator}
                  onChange={(event) => change(index, { operator: event.target.value as FilterOperator })}
                >
                  {OPERATORS_BY_TYPE[filter.type].map((operator) => (
                    <option key={operator} value={operator}>
                      {t(`filter.operator.${operator}`)}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  aria-label={t("shortcut-list.remove-filter-n", { n })}
                  onClick={() => setFilters(filters.filter((_, i) => i !== index))}
                  className="flex size-9 items-center justify-center rounded-lg text-zinc-500 hover:bg-zinc-100 hover:text-red-600 dark:hover:bg-zinc-700"
                >
                  <Trash2 className="size-4" aria-hidden />
                </button>
              </div>
              <ValueInput filter={filter} label={t("shortcut-list.value-n", { n })} onChange={(value) => change(index, { value })} />
            </div>
          );
        })}
        <Button onClick={addFilter} className="self-start">
          <Plus className="size-4" aria-hidden />
          {t("shortcut-list.add-filter")}
        </Button>
      </fieldset>
    </FormDialog>
  );
}
