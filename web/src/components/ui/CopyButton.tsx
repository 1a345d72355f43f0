// Copies a text, says "Copied" in a toast and shows a check for a moment.
import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { copyWithToast } from "../../utils/clipboard";
import { Button } from "./Button";

/** `label` is the accessible name (what is copied: "Copy token"); the visible word is "Copy", then "Copied". */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(false), 1500);
    return () => clearTimeout(timer);
  }, [done]);

  const copy = async () => setDone(await copyWithToast(text));
  return (
    <Button
      onClick={() => void copy()}
      aria-label={label}
      icon={done ? <Check className="size-4 text-green-600" aria-hidden /> : <Copy className="size-4" aria-hidden />}
    >
      {done ? t("message.copied") : t("setting.copy")}
    </Button>
  );
}
