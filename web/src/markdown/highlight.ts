// Syntax highlighting, loaded on first use. highlight.js returns HTML; we rebuild it as React elements, keeping
// only <span class> and text, so nothing from a memo is ever set as HTML.
import { createElement, type ReactNode } from "react";

type HighlightJs = (typeof import("highlight.js/lib/common"))["default"];

let loading: Promise<HighlightJs> | null = null;
const AUTO_DETECT_LIMIT = 4000;

export function loadHighlighter(): Promise<HighlightJs> {
  loading ??= import("highlight.js/lib/common").then((module) => module.default);
  return loading;
}

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  const children = Array.from(node.childNodes, toReact);
  if (node.tagName !== "SPAN") return children;
  const className = Array.from(node.classList)
    .filter((name) => name.startsWith("hljs-") || /^[a-z_]+$/.test(name))
    .join(" ");
  return createElement("span", { key, className }, ...children);
}

/** Highlighted code as React nodes, or null when the language is unknown and the code too long to guess. */
export function highlight(hljs: HighlightJs, code: string, language: string): ReactNode[] | null {
  let html: string;
  if (language && hljs.getLanguage(language)) {
    html = hljs.highlight(code, { language, ignoreIllegals: true }).value;
  } else if (code.length <= AUTO_DETECT_LIMIT) {
    html = hljs.highlightAuto(code).value;
  } else {
    return null;
  }
  const template = document.createElement("template");
  // A <template> document is inert: no script runs and no resource loads while parsing.
  template.innerHTML = html;
  return Array.from(template.content.childNodes, toReact);
}
