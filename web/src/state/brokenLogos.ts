// Logo URLs that failed to load in this page: every logo (and the favicon) then shows ours at once, so a broken
// custom logo is fetched once, not again on each mount, and logs one error at most.
import { create } from "zustand";

interface BrokenLogos {
  urls: ReadonlySet<string>;
  add(url: string): void;
}

export const useBrokenLogos = create<BrokenLogos>((set, get) => ({
  urls: new Set(),
  add(url) {
    if (!get().urls.has(url)) set({ urls: new Set([...get().urls, url]) });
  },
}));
