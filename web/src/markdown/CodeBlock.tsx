// A fenced code block: plain text at once, highlighted when highlight.js has loaded, with a copy button.
import { Check, Copy } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { copyWithToast } from "../utils/clipboard";
import { highlightCode } from "./highlight";

export function CodeBlock({ code, language }: { code: string; language: string }) {
  const { t } = useTranslation();
  const [highlighted, setHighlighted] = useState<ReactNode[] | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    let live = true;
    highlightCode(code, language)
      .then((nodes) => live && setHighlighted(nodes))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [code, language]);

  const copy = async () => {
    if (!(await copyWithToast(code))) return;
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };

  return (
    <div className="md-code">
      <div className="md-code-bar">
        <span className="md-code-lang">{language}</span>
        <button type="button" className="md-code-copy" onClick={copy} aria-label={t("memo.copy-code")} title={t("memo.copy-code")}>
          {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
        </button>
      </div>
      <pre>
        <code className={`hljs${language ? ` language-${language.replace(/[^\w-]/g, "")}` : ""}`}>{highlighted ?? code}</code>
      </pre>
    </div>
  );
}
