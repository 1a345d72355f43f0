// Custom logo URLs, tried once per page: one request (a detached Image) decides whether the address loads, and
// every logo and the favicon follow that answer. A broken custom logo is fetched once, not again on each mount or
// by the favicon, and logs one error at most; until the answer, logos keep their place empty.
import { create } from "zustand";

type LogoStatus = "loading" | "ok" | "broken";

interface LogoProbes {
  status: Readonly<Record<string, LogoStatus>>;
  /** Starts the one try of `url`, unless it was tried already. */
  probe(url: string): void;
  settle(url: string, status: Exclude<LogoStatus, "loading">): void;
}

export const useLogoProbes = create<LogoProbes>((set, get) => ({
  status: {},
  probe(url) {
    if (get().status[url]) return;
    set({ status: { ...get().status, [url]: "loading" } });
    const image = new Image();
    image.onload = () => get().settle(url, "ok");
    image.onerror = () => get().settle(url, "broken");
    image.src = url;
  },
  settle(url, status) {
    set({ status: { ...get().status, [url]: status } });
  },
}));
