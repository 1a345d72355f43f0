// Pick existing resources to attach (loaded lazily with the dialog).
import type { Resource } from "@memos/common";
import { Check, FileText } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { resourceUrl } from "../../api/links";
import { useResources } from "../../queries/resources";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { ListState } from "../ui/ListState";
import { RetryingImage } from "../ui/RetryingImage";

export interface ResourcePickerProps {
  open: boolean;
  attachedIds: number[];
  onClose: () => void;
  onPick: (resources: Resource[]) => void;
}

export default function ResourcePicker({ open, attachedIds, onClose, onPick }: ResourcePickerProps) {
  const { t } = useTranslation();
  const { data: resources, isLoading, error } = useResources(open);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const available = (resources ?? []).filter((resource) => !attachedIds.includes(resource.id));

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const attach = () => {
    onPick(available.filter((resource) => selected.has(resource.id)));
    setSelected(new Set());
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t("editor.choose-resources")}
      footer={
        <>
          <span className="mr-auto self-center text-xs text-zinc-600">{t("editor.selected", { count: selected.size })}</span>
          <Button variant="ghost" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button variant="primary" disabled={selected.size === 0} onClick={attach}>
            {t("editor.attach")}
          </Button>
        </>
      }
    >
      <ListState look="page" pending={isLoading} error={error} count={available.length} empty={t("editor.no-resources")}>
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {available.map((resource) => {
            const checked = selected.has(resource.id);
            return (
              <li key={resource.id}>
                <button
                  type="button"
                  role="checkbox"
                  aria-checked={checked}
                  onClick={() => toggle(resource.id)}
                  className={`relative flex aspect-square w-full flex-col items-center justify-center overflow-hidden rounded-lg border text-xs transition-colors duration-200 ${checked ? "border-green-600 ring-2 ring-green-600/40" : "border-zinc-200 dark:border-zinc-700"}`}
                >
                  {resource.type.startsWith("image") ? (
                    <RetryingImage src={resourceUrl(resource)} alt="" loading="lazy" className="size-full object-cover" />
                  ) : (
                    <FileText className="size-6 text-zinc-400" aria-hidden />
                  )}
                  <span className="absolute inset-x-0 bottom-0 truncate bg-black/50 px-1.5 py-0.5 text-left text-white">
                    {resource.filename}
                  </span>
                  {checked ? (
                    <span className="absolute top-1 right-1 grid size-5 place-items-center rounded-full bg-green-600 text-white">
                      <Check className="size-3.5" aria-hidden />
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      </ListState>
    </Dialog>
  );
}
