// Block tokens to React elements: paragraphs, headings, code, quotes, lists with todo items, rules and tables; and
// the richer parts (rich.tsx): display formulas, Mermaid diagrams and callouts.
import { calloutBody, calloutKind, DIAGRAM_LANGUAGE } from "@memos/common";
import type { MarkedToken, Token, Tokens } from "marked";
import { createElement, type ReactNode } from "react";
import { CodeBlock } from "./CodeBlock";
import type { RenderContext } from "./context";
import { renderInline } from "./inline";
import type { MathToken } from "./lexer";
import { Rich } from "./rich";

function TodoBox({ checked, index, onToggle }: { checked: boolean; index: number; onToggle?: RenderContext["onTodoToggle"] }) {
  return (
    <input
      type="checkbox"
      className="md-todo"
      checked={checked}
      disabled={!onToggle}
      aria-label={checked ? "done" : "todo"}
      onClick={(event) => event.stopPropagation()}
      onChange={() => onToggle?.(index, !checked)}
    />
  );
}

function renderListItem(item: Tokens.ListItem, ctx: RenderContext, key: number): ReactNode {
  // Numbered here, in document order, before nested items are rendered.
  const todoIndex = item.task ? ctx.todoCounter.next++ : -1;
  const body = item.tokens.filter((token) => token.type !== "checkbox");
  const content = item.loose ? renderBlocks(body, ctx) : body.map((token, index) => renderTight(token, ctx, index));
  if (!item.task) return <li key={key}>{content}</li>;
  return (
    <li key={key} className={`md-task${item.checked ? " md-task-done" : ""}`}>
      <TodoBox checked={item.checked === true} index={todoIndex} onToggle={ctx.onTodoToggle} />
      <div className="min-w-0 flex-1">{content}</div>
    </li>
  );
}

/** Inside a tight list item, text blocks render inline and nested lists as blocks. */
function renderTight(token: Token, ctx: RenderContext, key: number): ReactNode {
  if (token.type === "text") return <span key={key}>{renderInline((token as Tokens.Text).tokens ?? [token], ctx)}</span>;
  return renderBlock(token, ctx, key);
}

function renderTable(table: Tokens.Table, ctx: RenderContext, key: number): ReactNode {
  const align = (index: number) => table.align[index] ?? undefined;
  return (
    <div key={key} className="md-table">
      <table>
        <thead>
          <tr>
            {table.header.map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a table's cells have no identity but their place
              <th key={index} style={{ textAlign: align(index) }}>
                {renderInline(cell.tokens, ctx)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a table's rows have no identity but their place
            <tr key={rowIndex}>
              {row.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a table's cells have no identity but their place
                <td key={index} style={{ textAlign: align(index) }}>
                  {renderInline(cell.tokens, ctx)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function renderQuote(quote: Tokens.Blockquote, ctx: RenderContext, key: number): ReactNode {
  const kind = calloutKind(quote.text);
  if (!kind) return <blockquote key={key}>{renderBlocks(quote.tokens, ctx)}</blockquote>;
  const body = renderBlocks(calloutBody(quote.tokens), ctx);
  return (
    <Rich key={key} part="callout" kind={kind} fallback={<blockquote className={`md-callout md-callout-${kind}`}>{body}</blockquote>}>
      {body}
    </Rich>
  );
}

function renderCode(code: Tokens.Code, key: number): ReactNode {
  const language = (code.lang ?? "").trim().split(/\s/)[0] ?? "";
  if (language.toLowerCase() === DIAGRAM_LANGUAGE) {
    const fallback = (
      <pre className="md-diagram-source">
        <code>{code.text}</code>
      </pre>
    );
    return <Rich key={key} part="diagram" source={code.text} fallback={fallback} />;
  }
  return <CodeBlock key={key} code={code.text} language={language} />;
}

function renderBlock(token: Token, ctx: RenderContext, key: number): ReactNode {
  if (token.type === "math") {
    const { tex } = token as unknown as MathToken;
    return (
      <Rich
        key={key}
        part="math"
        tex={tex}
        display
        block
        fallback={<code className="md-math-source md-math-display">{`$$${tex}$$`}</code>}
      />
    );
  }
  const known = token as MarkedToken;
  switch (known.type) {
    case "space":
    case "def":
      return null;
    case "paragraph":
      return <p key={key}>{renderInline(known.tokens, ctx)}</p>;
    case "heading":
      return createElement(`h${Math.min(Math.max(known.depth, 1), 6)}`, { key, className: "md-heading" }, renderInline(known.tokens, ctx));
    case "code":
      return renderCode(known, key);
    case "blockquote":
      return renderQuote(known, ctx, key);
    case "hr":
      return <hr key={key} />;
    case "list": {
      const items = known.items.map((item, index) => renderListItem(item, ctx, index));
      const start = typeof known.start === "number" && known.start !== 1 ? known.start : undefined;
      return known.ordered ? (
        <ol key={key} start={start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case "table":
      return renderTable(known, ctx, key);
    case "html":
      // Raw HTML is never interpreted: it shows as the text that was written.
      return (
        <p key={key} className="whitespace-pre-wrap">
          {known.raw.replace(/\n+$/, "")}
        </p>
      );
    case "text":
      return <p key={key}>{renderInline(known.tokens ?? [known], ctx)}</p>;
    default:
      return token.raw ? <p key={key}>{token.raw}</p> : null;
  }
}

export function renderBlocks(tokens: Token[], ctx: RenderContext): ReactNode[] {
  return tokens.map((token, index) => renderBlock(token, ctx, index));
}
