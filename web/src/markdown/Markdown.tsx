// Memo content as React elements: marked's lexer, our renderer, no HTML from the memo ever set on the DOM.
import { useMemo } from "react";
import { renderBlocks } from "./blocks";
import { createContext, type RenderOptions } from "./context";
import { lex } from "./lexer";
import "./markdown.css";

export interface MarkdownProps extends RenderOptions {
  content: string;
  className?: string;
}

export function Markdown({ content, className = "", onTagClick, onTodoToggle, onImageClick }: MarkdownProps) {
  const tokens = useMemo(() => lex(content), [content]);
  const ctx = createContext({ onTagClick, onTodoToggle, onImageClick });
  return <div className={`md ${className}`}>{renderBlocks(tokens, ctx)}</div>;
}
