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

export function Markdown({ content, className = "", onTagClick, onTodoToggle, onImageClick, marks }: MarkdownProps) {
  const tokens = useMemo(() => lex(content), [content]);
  const ctx = createContext({ onTagClick, onTodoToggle, onImageClick, marks });
  return <div className={`md ${className}`}>{renderBlocks(tokens, ctx)}</div>;
}
