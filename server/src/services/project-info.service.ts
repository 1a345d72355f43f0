// The About dialog's project news (GitHub's star count and latest release), read by the server at most once a day
// and kept in memory, so no visitor's browser talks to GitHub and a host can turn it off (Settings › System).
import type { ProjectInfo } from "@memos/common";
import type { AppContext } from "../context.js";
import { readSystemSetting } from "../store/sql/settings.js";

const PROJECT_REPO = "usememos/memos";
const DAY_MS = 24 * 3_600_000;
const TIMEOUT_MS = 5_000;

type News = Omit<ProjectInfo, "enabled">;

interface Kept {
  at: number;
  news: Promise<News>;
}

/** One per server: the last read (or the read under way) and when it started. */
const kept = new WeakMap<AppContext, Kept>();

async function githubJson(base: string, path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}/${path}`, {
    headers: { Accept: "application/vnd.github+json", "User-Agent": "memos" },
    redirect: "error",
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`GitHub answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Never fails: what could not be read is left out (and asked again the next day). */
async function readNews(base: string): Promise<News> {
  const [repo, release] = await Promise.allSettled([
    githubJson(base, `repos/${PROJECT_REPO}`),
    githubJson(base, `repos/${PROJECT_REPO}/releases/latest`),
  ]);
  const news: News = {};
  if (repo.status === "fulfilled" && Number.isInteger(repo.value.stargazers_count)) news.stars = repo.value.stargazers_count as number;
  if (release.status === "fulfilled" && typeof release.value.tag_name === "string") {
    news.latestTag = release.value.tag_name.slice(0, 100);
    const url = release.value.html_url;
    if (typeof url === "string" && url.startsWith("https://github.com/")) news.latestUrl = url;
  }
  return news;
}

export async function getProjectInfo(ctx: AppContext, now = Date.now()): Promise<ProjectInfo> {
  if (await readSystemSetting(ctx.store.db, "disableProjectInfo")) return { enabled: false };
  let entry = kept.get(ctx);
  if (!entry || now - entry.at >= DAY_MS) {
    entry = { at: now, news: readNews(ctx.config.projectInfoUrl) };
    kept.set(ctx, entry);
  }
  return { enabled: true, ...(await entry.news) };
}
