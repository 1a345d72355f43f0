// Applies light / dark / system to <html>, following the OS preference live when "system" is chosen.
import type { Appearance } from "@memos/common";
import { useEffect } from "react";

function apply(dark: boolean) {
  document.documentElement.classList.toggle("dark", dark);
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", dark ? "#18181b" : "#f4f4f5");
}

export function useAppearance(appearance: Appearance) {
  useEffect(() => {
    if (appearance !== "system") {
      apply(appearance === "dark");
      return;
    }
    let media: MediaQueryList;
    try {
      media = window.matchMedia("(prefers-color-scheme: dark)");
    } catch (error) {
      console.error("failed to initial color scheme listener", error);
      return;
    }
    apply(media.matches);
    const onChange = (event: MediaQueryListEvent) => apply(event.matches);
    try {
      media.addEventListener("change", onChange);
    } catch (error) {
      console.error("failed to initial color scheme listener", error);
    }
    return () => media.removeEventListener("change", onChange);
  }, [appearance]);
}
