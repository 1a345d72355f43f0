// Inline tokens to React elements. Raw HTML is shown as text; links and images pass the URL allow-list first.
import type { MarkedToken, Token } from "marked";
import type { ReactNode } from "react";
import type { RenderContext } from "./context";
import { RetryingImage } from "../components/ui/RetryingImage";
import { decodeEntities } from "./entities";
import type { MathToken, MentionToken, TagToken } from "./lexer";
import { MentionLink } from "./MentionLink";
import { Rich } from "./rich";
import { safeHref, safeImageSrc } from "./safeUrl";
import { markRuns } from "./searchMarks";

/** Text with the search's terms in <mark> (none without a search). */
function marked(text: string, ctx: RenderContext, key: number): ReactNode {
  if (!ctx.marks || ctx.marks.length === 0) return text;
  const runs = markRuns(text, ctx.marks);
  if (runs.length === 1 && !runs[0]!.marked) return text;
  return (
    <span key={key}>
      {runs.map((run, index) =>
        run.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one text, in order
          <mark key={index} className="md-mark">
            {run.text}
          </mark>
        ) : (
          run.text
        ),
      )}
    </span>
  );
}

function TagChip({ name, ctx }: { name: string; ctx: RenderContext }) {
  if (ctx.inLink || !ctx.onTagClick) return <span className="md-tag">#{name}</span>;
  const onTagClick = ctx.onTagClick;
  return (
    <button
      type="button"
      className="md-tag"
      onClick={(event) => {
        event.stopPropagation();
        onTagClick(name);
      }}
    >
      #{name}
    </button>
  );
}

function renderLink(
  token: { href: string; title?: string | null; tokens: Token[]; text: string },
  ctx: RenderContext,
  key: number,
): ReactNode {
  const children = renderInline(token.tokens, { ...ctx, inLink: true });
  const href = ctx.inLink ? null : safeHref(token.href);
  if (!href) return <span key={key}>{children}</span>;
  return (
    <a key={key} className="md-link" href={href} title={token.title ?? undefined} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  );
}

function renderImage(token: { href: string; text: string; title?: string | null }, ctx: RenderContext, key: number): ReactNode {
  const src = safeImageSrc(token.href);
  const alt = decodeEntities(token.text);
  if (!src) return <span key={key}>{alt}</span>;
  const onImageClick = ctx.onImageClick;
  return (
    <RetryingImage
      key={key}
      className={`md-image${onImageClick ? " cursor-zoom-in" : ""}`}
      src={src}
      alt={alt}
      title={token.title ?? undefined}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onClick={
        onImageClick
          ? (event) => {
              event.stopPropagation();
              onImageClick(src);
            }
          : undefined
      }
    />
  );
}

function renderToken(token: Token, ctx: RenderContext, key: number): ReactNode {
  if (token.type === "tag") return <TagChip key={key} name={(token as unknown as TagToken).name} ctx={ctx} />;
  if (token.type === "mention") {
    const { username } = token as unknown as MentionToken;
    return ctx.inLink ? `@${username}` : <MentionLink key={key} username={username} />;
  }
  if (token.type === "math") {
    const { tex, display, raw } = token as unknown as MathToken;
    return (
      <Rich key={key} part="math" tex={tex} display={display} block={false} fallback={<code className="md-math-source">{raw}</code>} />
    );
  }
  const known = token as MarkedToken;
  switch (known.type) {
    case "text":
      return known.tokens?.length ? <span key={key}>{renderInline(known.tokens, ctx)}</span> : marked(decodeEntities(known.text), ctx, key);
    case "escape":
      return known.text;
    case "strong":
      return <strong key={key}>{renderInline(known.tokens, ctx)}</strong>;
    case "em":
      return <em key={key}>{renderInline(known.tokens, ctx)}</em>;
    case "del":
      return <del key={key}>{renderInline(known.tokens, ctx)}</del>;
    case "codespan":
      return (
        <code key={key} className="md-inline-code">
          {known.text}
        </code>
      );
    case "br":
      return <br key={key} />;
    case "link":
      return renderLink(known, ctx, key);
    case "image":
      return renderImage(known, ctx, key);
    case "html":
      // Raw HTML is never interpreted: it shows as the text that was written.
      return known.raw;
    case "checkbox":
      return null;
    default:
      return token.raw;
  }
}

export function renderInline(tokens: Token[] | undefined, ctx: RenderContext): ReactNode[] {
  return (tokens ?? []).map((token, index) => renderToken(token, ctx, index));
}
