// The project's star count and latest release tag, as the server read them from GitHub (at most once a day; the
// browser never asks GitHub). Either may be missing, or all of it when the host turned it off: the About dialog then
// simply leaves it out.
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";
import { keys } from "../../queries/keys";

const PROJECT_REPO = "usememos/memos";
export const PROJECT_URL = `https://github.com/${PROJECT_REPO}`;
export const DOCS_URL = "https://www.usememos.com/docs";

export const useGithubInfo = () =>
  useQuery({
    queryKey: keys.projectInfo,
    queryFn: () => api.call("system.projectInfo"),
    staleTime: 60 * 60 * 1000,
    retry: false,
    refetchOnWindowFocus: false,
  });
