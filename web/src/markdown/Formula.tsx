// A formula, drawn by KaTeX (katex.ts, loaded on the first formula); until then its source, and on an error the
// source and KaTeX's message.
import { useEffect, useRef, useState } from "react";
import { RichFailure } from "./RichFailure";

type Drawn = { nodes: DocumentFragment } | { error: unknown } | null;

export function Formula({ tex, display, block }: { tex: string; display: boolean; block: boolean }) {
  const [drawn, setDrawn] = useState<Drawn>(null);
  const host = useRef<HTMLSpanElement>(null);
  const source = display ? `$$${tex}$$` : `$${tex}$`;

  useEffect(() => {
    let live = true;
    import("./katex")
      .then(({ drawFormula }) => ({ nodes: drawFormula(tex, display) }))
      .catch((error: unknown) => ({ error }))
      .then((result) => live && setDrawn(result));
    return () => {
      live = false;
    };
  }, [tex, display]);

  useEffect(() => {
    if (drawn && "nodes" in drawn) host.current?.replaceChildren(drawn.nodes.cloneNode(true));
  }, [drawn]);

  if (drawn && "error" in drawn) return <RichFailure source={source} error={drawn.error} kind="formula" inline={!block} />;
  if (!drawn) return <code className={`md-math-source${display ? " md-math-display" : ""}`}>{source}</code>;
  // A span either way (KaTeX's display formula is a block by its class): a `$$…$$` may stand inside a paragraph.
  return <span ref={host} className={display ? "md-math md-math-display" : "md-math"} />;
}
