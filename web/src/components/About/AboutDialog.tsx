// About: the instance's name and logo, the version it runs, and links to the project. The star count and
// latest release come from the server (which reads GitHub at most once a day) and are left out when it has none.
import { BookOpen, Github, Star, Tag } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useStatus } from "../../queries/session";
import { Dialog } from "../ui/Dialog";
import type { StackDialogProps } from "../../state/dialogs";
import { DOCS_URL, PROJECT_URL, useGithubInfo } from "./useGithubInfo";
import { InstanceLogo } from "../ui/InstanceLogo";

const LINK =
  "inline-flex h-8 items-center gap-1.5 rounded-lg border border-zinc-300 px-3 text-sm font-medium text-zinc-700 transition-colors duration-200 hover:bg-zinc-50 max-sm:h-10 dark:border-zinc-600 dark:text-zinc-200 dark:hover:bg-zinc-700";

export default function AboutDialog({ onClose }: StackDialogProps) {
  const { t, i18n } = useTranslation();
  const { data: status } = useStatus();
  const { data: github } = useGithubInfo();
  const profile = status?.customizedProfile;
  const name = profile?.name || "memos";
  // Our own version; the other is the memos release whose API v0 clients are told we speak.
  const version = status?.profile.serverVersion;
  const apiVersion = status?.profile.version;

  return (
    <Dialog open onClose={onClose} title={t("about.title")} size="sm">
      <div className="flex flex-col items-center gap-3 py-3 text-center">
        <InstanceLogo src={profile?.logoUrl} className="size-16 rounded-2xl object-contain" />
        <div>
          <p className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">{name}</p>
          {version ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("about.version", { version })}</p> : null}
          {apiVersion ? (
            <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("about.api_version", { version: apiVersion })}</p>
          ) : null}
        </div>
        <p className="max-w-xs text-sm leading-relaxed text-zinc-600 dark:text-zinc-300">
          {profile?.description || t("about.description")}
        </p>
        {github?.stars !== undefined || github?.latestTag ? (
          <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
            {github.stars !== undefined ? (
              <Fact icon={<Star className="size-3.5" aria-hidden />}>
                {t("about.stars", { count: github.stars, stars: github.stars.toLocaleString(i18n.language) })}
              </Fact>
            ) : null}
            {github.latestTag ? (
              <Fact icon={<Tag className="size-3.5" aria-hidden />}>
                {github.latestUrl ? (
                  <a href={github.latestUrl} target="_blank" rel="noreferrer noopener" className="hover:underline">
                    {t("about.latest", { tag: github.latestTag })}
                  </a>
                ) : (
                  t("about.latest", { tag: github.latestTag })
                )}
              </Fact>
            ) : null}
          </ul>
        ) : null}
        <div className="mt-1 flex flex-wrap justify-center gap-2">
          <a href={PROJECT_URL} target="_blank" rel="noreferrer noopener" className={LINK}>
            <Github className="size-4" aria-hidden />
            {t("about.github")}
          </a>
          <a href={DOCS_URL} target="_blank" rel="noreferrer noopener" className={LINK}>
            <BookOpen className="size-4" aria-hidden />
            {t("about.docs")}
          </a>
        </div>
      </div>
    </Dialog>
  );
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="inline-flex items-center gap-1">
      {icon}
      {children}
    </li>
  );
}
