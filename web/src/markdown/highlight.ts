// Syntax highlighting, loaded on first use: highlight.js's core plus only the language a block names (or, for
// a block without one, a small set to guess among). highlight.js returns HTML; we rebuild it as React
// elements, keeping only <span class> and text, so nothing from a memo is ever set as HTML.
import type { HLJSApi, LanguageFn } from "highlight.js";
import { createElement, type ReactNode } from "react";

type LanguageModule = () => Promise<{ default: LanguageFn }>;

/** The languages we highlight, each its own small chunk loaded when a block first names it. */
const LANGUAGES: Record<string, LanguageModule> = {
  bash: () => import("highlight.js/lib/languages/bash"),
  c: () => import("highlight.js/lib/languages/c"),
  cpp: () => import("highlight.js/lib/languages/cpp"),
  csharp: () => import("highlight.js/lib/languages/csharp"),
  css: () => import("highlight.js/lib/languages/css"),
  dart: () => import("highlight.js/lib/languages/dart"),
  diff: () => import("highlight.js/lib/languages/diff"),
  dockerfile: () => import("highlight.js/lib/languages/dockerfile"),
  elixir: () => import("highlight.js/lib/languages/elixir"),
  go: () => import("highlight.js/lib/languages/go"),
  graphql: () => import("highlight.js/lib/languages/graphql"),
  haskell: () => import("highlight.js/lib/languages/haskell"),
  ini: () => import("highlight.js/lib/languages/ini"),
  java: () => import("highlight.js/lib/languages/java"),
  javascript: () => import("highlight.js/lib/languages/javascript"),
  json: () => import("highlight.js/lib/languages/json"),
  kotlin: () => import("highlight.js/lib/languages/kotlin"),
  latex: () => import("highlight.js/lib/languages/latex"),
  lua: () => import("highlight.js/lib/languages/lua"),
  makefile: () => import("highlight.js/lib/languages/makefile"),
  markdown: () => import("highlight.js/lib/languages/markdown"),
  nginx: () => import("highlight.js/lib/languages/nginx"),
  objectivec: () => import("highlight.js/lib/languages/objectivec"),
  perl: () => import("highlight.js/lib/languages/perl"),
  php: () => import("highlight.js/lib/languages/php"),
  plaintext: () => import("highlight.js/lib/languages/plaintext"),
  powershell: () => import("highlight.js/lib/languages/powershell"),
  python: () => import("highlight.js/lib/languages/python"),
  r: () => import("highlight.js/lib/languages/r"),
  ruby: () => import("highlight.js/lib/languages/ruby"),
  rust: () => import("highlight.js/lib/languages/rust"),
  scala: () => import("highlight.js/lib/languages/scala"),
  scss: () => import("highlight.js/lib/languages/scss"),
  shell: () => import("highlight.js/lib/languages/shell"),
  sql: () => import("highlight.js/lib/languages/sql"),
  swift: () => import("highlight.js/lib/languages/swift"),
  typescript: () => import("highlight.js/lib/languages/typescript"),
  xml: () => import("highlight.js/lib/languages/xml"),
  yaml: () => import("highlight.js/lib/languages/yaml"),
};
const moduleFor = (name: string): LanguageModule | undefined => (Object.hasOwn(LANGUAGES, name) ? LANGUAGES[name] : undefined);

/** Fence names people write, mapped to highlight.js's module names. */
const ALIASES: Record<string, string> = {
  js: "javascript",
  jsx: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  ts: "typescript",
  tsx: "typescript",
  sh: "bash",
  shell: "bash",
  zsh: "bash",
  py: "python",
  rb: "ruby",
  rs: "rust",
  kt: "kotlin",
  golang: "go",
  yml: "yaml",
  html: "xml",
  htm: "xml",
  svg: "xml",
  vue: "xml",
  md: "markdown",
  "c++": "cpp",
  cc: "cpp",
  h: "c",
  cs: "csharp",
  "c#": "csharp",
  ps1: "powershell",
  dockerfile: "dockerfile",
  docker: "dockerfile",
  tf: "ini",
  toml: "ini",
};

/** Guessed among when a block names no language (the languages memos most often hold). */
const GUESSES = ["javascript", "typescript", "python", "bash", "json", "xml", "css", "sql", "go", "java", "yaml"];
const AUTO_DETECT_LIMIT = 4000;

let core: Promise<HLJSApi> | null = null;
const registered = new Map<string, Promise<boolean>>();

function loadCore(): Promise<HLJSApi> {
  core ??= import("highlight.js/lib/core").then((module) => module.default);
  return core;
}

/** Loads and registers one language; false when highlight.js has no such language. */
function loadLanguage(hljs: HLJSApi, name: string): Promise<boolean> {
  let pending = registered.get(name);
  if (!pending) {
    const load = moduleFor(name);
    pending = load
      ? load().then((module) => {
          hljs.registerLanguage(name, module.default);
          return true;
        })
      : Promise.resolve(false);
    registered.set(name, pending);
  }
  return pending;
}

const moduleName = (language: string) => {
  const lower = language.toLowerCase();
  return ALIASES[lower] ?? lower.replace(/[^\w-]/g, "");
};

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

/**
 * Highlighted code as React nodes, or null when it cannot be: an unknown language, or no language and code
 * too long to guess.
 */
export async function highlightCode(code: string, language: string): Promise<ReactNode[] | null> {
  const hljs = await loadCore();
  let html: string;
  if (language) {
    const name = moduleName(language);
    if (!(await loadLanguage(hljs, name))) return null;
    html = hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
  } else {
    if (code.length > AUTO_DETECT_LIMIT) return null;
    await Promise.all(GUESSES.map((name) => loadLanguage(hljs, name)));
    html = hljs.highlightAuto(code, GUESSES).value;
  }
  const template = document.createElement("template");
  // A <template> document is inert: no script runs and no resource loads while parsing.
  template.innerHTML = html;
  return Array.from(template.content.childNodes, toReact);
}
