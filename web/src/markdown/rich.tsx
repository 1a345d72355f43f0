// The memo's richer parts in the renderer: formulas, Mermaid diagrams and callouts. What draws them (RichPart.tsx,
// and through it KaTeX and Mermaid) loads when a memo on screen first has one, so the first screen does not carry
// it; until then each shows its fallback: a formula or a diagram its source, a callout a plain quote.
import { lazy, type ReactNode, Suspense } from "react";
import { withAllStrings } from "../i18n";
import type { RichPartProps } from "./RichPart";

const RichPart = lazy(withAllStrings(() => import("./RichPart").then((module) => ({ default: module.RichPart }))));

/** A rich part of the memo, drawn once its code is there. */
export function Rich({ fallback, ...part }: RichPartProps & { fallback: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <RichPart {...part} />
    </Suspense>
  );
}
