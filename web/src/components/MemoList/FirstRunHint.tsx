// What an empty home says to someone with no memos yet: what to type, how tags are made, where the shortcuts are.
// It goes with the first memo (the list is no longer empty); a filtered empty list says "No memos" instead.
import { Trans, useTranslation } from "react-i18next";

const CODE = "rounded bg-zinc-200/70 px-1 py-0.5 font-mono text-[0.85em] text-zinc-800 dark:bg-zinc-700/70 dark:text-zinc-100";

export function FirstRunHint() {
  const { t } = useTranslation();
  return (
    <div
      data-testid="first-run-hint"
      className="mx-auto flex max-w-md flex-col gap-2 py-8 text-left text-sm leading-relaxed text-zinc-600 dark:text-zinc-300"
    >
      <p className="font-medium text-zinc-800 dark:text-zinc-100">{t("home.first-run.title")}</p>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        <li>{t("home.first-run.write")}</li>
        <li>
          <Trans i18nKey="home.first-run.tags" components={{ code: <code className={CODE} /> }} />
        </li>
        {/* Keyboard shortcuts are for keyboards: not said on a touch screen. */}
        <li className="pointer-coarse:hidden">
          <Trans i18nKey="home.first-run.shortcuts" components={{ kbd: <kbd className={CODE} /> }} />
        </li>
      </ul>
    </div>
  );
}
