// The project's star count and latest release tag, fetched by the browser from api.github.com. Either may be
// missing (offline, rate-limited, blocked); the About dialog then simply leaves it out.
import { useQuery } from "@tanstack/react-query";
import { keys } from "../../queries/keys";

const PROJECT_REPO = "usememos/memos";
export const PROJECT_URL = `https://github.com/${PROJECT_REPO}`;
export const DOCS_URL = "https://www.usememos.com/docs";

export interface GithubInfo {
  stars?: number;
  latestTag?: string;
  latestUrl?: string;
}

async function githubJson(path: string, signal: AbortSignal): Promise<Record<string, unknown>> {
  const response = await fetch(`https://api.github.com/${path}`, {
    signal,
    headers: { Accept: "application/vnd.github+json" },
    credentials: "omit",
    referrerPolicy: "no-referrer",
  });
  if (!response.ok) throw new Error(String(response.status));
  return (await response.json()) as Record<string, unknown>;
}

/** Never fails: whatever could not be read is left undefined. */
async function fetchGithubInfo(signal: AbortSignal): Promise<GithubInfo> {
  const [repo, release] = await Promise.allSettled([
    githubJson(`repos/${PROJECT_REPO}`, signal),
    githubJson(`repos/${PROJECT_REPO}/releases/latest`, signal),
  ]);
  const info: GithubInfo = {};
  if (repo.status === "fulfilled" && typeof repo.value.stargazers_count === "number") info.stars = repo.value.stargazers_count;
  if (release.status === "fulfilled" && typeof release.value.tag_name === "string") {
    info.latestTag = release.value.tag_name;
    if (typeof release.value.html_url === "string" && release.value.html_url.startsWith("https://github.com/")) {
      info.latestUrl = release.value.html_url;
    }
  }
  return info;
}

export const useGithubInfo = () =>
  useQuery({
    queryKey: keys.github,
    queryFn: ({ signal }) => fetchGithubInfo(signal),
    staleTime: 60 * 60 * 1000,
    gcTime: 60 * 60 * 1000,
    retry: false,
    refetchOnWindowFocus: false,
  });
