// A Mermaid diagram. This file and Mermaid load when a memo on screen first has a ```mermaid block (rich.tsx).
// Mermaid runs in strict mode (no clicks, no scripts, labels as SVG text, never HTML), a diagram's own `%%{init}%%`
// may not loosen that, and the SVG it draws passes the sanitiser and is shown as an image, which runs nothing and
// whose styles stay inside it. The theme follows the app's (the `dark` class on <html>); a diagram that cannot be
// drawn shows its source and Mermaid's message.
import type { MermaidConfig } from "mermaid";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { RichFailure } from "./RichFailure";

/** What no diagram may change with a directive, on top of Mermaid's own list. */
const SECURE_KEYS = [
  "secure",
  "securityLevel",
  "startOnLoad",
  "maxTextSize",
  "maxEdges",
  "suppressErrorRendering",
  "htmlLabels",
  "flowchart",
  "themeCSS",
  "fontFamily",
  "altFontFamily",
  "dompurifyConfig",
  "theme",
  "darkMode",
];

function configFor(dark: boolean): MermaidConfig {
  return {
    startOnLoad: false,
    securityLevel: "strict",
    secure: SECURE_KEYS,
    htmlLabels: false,
    flowchart: { htmlLabels: false },
    theme: dark ? "dark" : "default",
    darkMode: dark,
    fontFamily: "ui-sans-serif, system-ui, sans-serif",
    maxTextSize: 20_000,
    maxEdges: 500,
    // An error is ours to show (RichFailure), not a bomb picture Mermaid would draw into the page.
    suppressErrorRendering: true,
  };
}

/** Mermaid keeps one configuration: diagrams are drawn one at a time, each under the theme it asked for. */
let queue: Promise<unknown> = Promise.resolve();
let drawn = 0;

async function drawSvg(source: string, dark: boolean): Promise<string> {
  const run = queue.then(async () => {
    // Mermaid is loaded on the first diagram, not with this file (which callouts and formulas load too).
    const { default: mermaid } = await import("mermaid");
    mermaid.initialize(configFor(dark));
    const id = `md-diagram-${++drawn}`;
    try {
      const { svg } = await mermaid.render(id, source);
      return svg;
    } finally {
      // Mermaid draws in a scratch element of the page; a failed drawing may leave it behind.
      document.getElementById(`d${id}`)?.remove();
      document.getElementById(id)?.remove();
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

interface DiagramImage {
  src: string;
  width: number;
  height: number;
  /** The diagram's accessible title and description (`accTitle`, `accDescr`), when it has them. */
  label: string;
}

/** Mermaid's SVG as a sanitised standalone image of the size it was drawn at. */
async function diagramImage(svg: string): Promise<DiagramImage> {
  const { sanitizeDiagram } = await import("./sanitize-rich");
  const root = sanitizeDiagram(svg);
  if (!root) throw new Error("Mermaid drew no picture");
  const [, , width = 0, height = 0] = (root.getAttribute("viewBox") ?? "").split(/[\s,]+/).map(Number);
  root.setAttribute("width", String(Math.ceil(width)));
  root.setAttribute("height", String(Math.ceil(height)));
  root.removeAttribute("style");
  const label = [root.querySelector("title")?.textContent, root.querySelector("desc")?.textContent].filter(Boolean).join(": ");
  const text = new XMLSerializer().serializeToString(root);
  return { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`, width, height, label };
}

const subscribeToTheme = (onChange: () => void) => {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
};
const isDark = () => document.documentElement.classList.contains("dark");

type State = { image: DiagramImage; dark: boolean } | { error: unknown } | null;

export function Diagram({ source }: { source: string }) {
  const { t } = useTranslation();
  const dark = useSyncExternalStore(subscribeToTheme, isDark);
  const [state, setState] = useState<State>(null);

  useEffect(() => {
    let live = true;
    drawSvg(source, dark)
      .then(diagramImage)
      .then(
        (image) => live && setState({ image, dark }),
        (error: unknown) => live && setState({ error }),
      );
    return () => {
      live = false;
    };
  }, [source, dark]);

  if (state && "error" in state) return <RichFailure source={source} error={state.error} kind="diagram" />;
  if (!state) {
    return (
      <pre className="md-diagram-source" aria-busy="true">
        <code>{source}</code>
      </pre>
    );
  }
  const { image } = state;
  return (
    <figure className="md-diagram">
      <img src={image.src} width={image.width} height={image.height} alt={image.label || t("markdown.diagram")} decoding="async" />
    </figure>
  );
}
