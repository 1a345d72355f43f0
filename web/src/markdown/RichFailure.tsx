// What a formula or a diagram that cannot be drawn shows instead: its source as written, and why, never an empty card.
import { useTranslation } from "react-i18next";

interface RichFailureProps {
  source: string;
  error: unknown;
  kind: "formula" | "diagram";
  /** Inside a line of text (an inline formula): no block elements. */
  inline?: boolean;
}

export function RichFailure({ source, error, kind, inline = false }: RichFailureProps) {
  const { t } = useTranslation();
  const why = `${t(`markdown.${kind}-failed`)}: ${error instanceof Error ? error.message : String(error)}`;
  if (inline) {
    return (
      <span className="md-rich-failure" title={why}>
        <code>{source}</code> <span className="md-rich-failure-message">({why})</span>
      </span>
    );
  }
  return (
    <div className="md-rich-failure">
      <pre>
        <code>{source}</code>
      </pre>
      <p className="md-rich-failure-message">{why}</p>
    </div>
  );
}
