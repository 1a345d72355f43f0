// `?`: the list of keyboard shortcuts, those of the app and those of the editor.
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../ui/Dialog";
import type { StackDialogProps } from "../../state/dialogs";

/** Each row: the keys (alternatives), and the key of its description under `daily.keys`. */
const GROUPS: { title: string; rows: [string[][], string][] }[] = [
  {
    title: "app",
    rows: [
      [[["/"], ["Ctrl/⌘", "K"]], "search"],
      [[["N"]], "new-memo"],
      [[["S"]], "select"],
      [[["?"]], "help"],
      [[["Esc"]], "close"],
    ],
  },
  {
    title: "editor",
    rows: [
      [[["Ctrl/⌘", "Enter"]], "save"],
      [[["Esc"]], "leave"],
      [[["Ctrl/⌘", "B"]], "bold"],
      [[["Ctrl/⌘", "I"]], "italic"],
      [[["Ctrl/⌘", "E"]], "code"],
      [[["Ctrl/⌘", "K"]], "link"],
      [[["#"]], "tag"],
      [[["↑"], ["↓"]], "tag-move"],
      [[["Enter"], ["Tab"]], "tag-pick"],
    ],
  },
  {
    title: "select-mode",
    rows: [
      [
        [
          ["Shift", "Click"],
          ["Shift", "Space"],
        ],
        "select-range",
      ],
      [[["Esc"]], "select-leave"],
    ],
  },
];

const KEY =
  "inline-block min-w-6 rounded border border-zinc-300 bg-zinc-50 px-1.5 py-0.5 text-center font-mono text-xs text-zinc-800 dark:border-zinc-600 dark:bg-zinc-700 dark:text-zinc-100";

export default function KeyboardShortcutsDialog({ onClose }: StackDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} title={t("daily.keys.title")} size="md">
      {GROUPS.map((group) => (
        <section key={group.title} className="mb-3 last:mb-0">
          <h3 className="mb-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-300">
            {t(`daily.keys.${group.title}`)}
          </h3>
          <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-1.5 text-sm">
            {group.rows.map(([alternatives, description]) => (
              <Fragment key={description}>
                <dt className="flex flex-wrap items-center gap-1 whitespace-nowrap">
                  {alternatives.map((keys, index) => (
                    <Fragment key={keys.join("+")}>
                      {index > 0 ? <span className="text-xs text-zinc-600 dark:text-zinc-300">{t("daily.keys.or")}</span> : null}
                      {keys.map((key, k) => (
                        <Fragment key={key}>
                          {k > 0 ? <span aria-hidden>+</span> : null}
                          <kbd className={KEY}>{key}</kbd>
                        </Fragment>
                      ))}
                    </Fragment>
                  ))}
                </dt>
                <dd className="text-zinc-700 dark:text-zinc-200">{t(`daily.keys.${description}`)}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
      ))}
    </Dialog>
  );
}
