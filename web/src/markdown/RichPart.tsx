// The richer parts of a memo, loaded when a memo on screen first has one (rich.tsx): a formula (KaTeX, loaded in
// turn on the first formula), a Mermaid diagram (Mermaid, on the first diagram), or a callout.
import type { CalloutKind } from "@memos/common";
import type { ReactNode } from "react";
import { Callout } from "./Callout";
import { Diagram } from "./Diagram";
import { Formula } from "./Formula";

export type RichPartProps =
  | {
      part: "math";
      tex: string;
      /** Centred on a line of its own (`$$…$$`) rather than in the text (`$…$`). */
      display: boolean;
      /** A block of the memo of its own, not inside a paragraph. */
      block: boolean;
    }
  | { part: "diagram"; source: string }
  | { part: "callout"; kind: CalloutKind; children: ReactNode };

export function RichPart(props: RichPartProps) {
  if (props.part === "math") return <Formula tex={props.tex} display={props.display} block={props.block} />;
  if (props.part === "diagram") return <Diagram source={props.source} />;
  return <Callout kind={props.kind}>{props.children}</Callout>;
}
