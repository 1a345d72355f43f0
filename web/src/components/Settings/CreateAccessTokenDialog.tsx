// A new personal access token: name, scope and expiry; then the token, shown this once, with a copy button and a
// ready curl command.
import { Button } from "../ui/Button";
import { ACCESS_TOKEN_SCOPES, INPUT_LIMITS, type AccessTokenScope, type CreatedAccessToken } from "@memos/common";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAccessTokenMutations } from "../../queries/access-tokens";
import { Dialog } from "../ui/Dialog";
import { CopyButton } from "../ui/CopyButton";
import { ExpiryField } from "../ui/ExpiryField";
import { type Expiry, expiresTsOf, expiryInDays } from "../ui/expiry";
import { Field } from "../ui/Field";
import { FormDialog } from "../ui/FormDialog";
import { useRestoreFocus } from "../ui/useRestoreFocus";
import { accessTokenCurl, accessTokenMcpConfig } from "./integrations";

const CODE =
  "block overflow-x-auto rounded-lg bg-zinc-100 px-2.5 py-2 font-mono text-xs leading-5 text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300";
const LABEL = "text-sm font-medium text-zinc-700 dark:text-zinc-300";
const TOKEN_EXPIRY_DAYS = [7, 30, 90];

function RadioChoices<T extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  choices: [T, string][];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className={`${LABEL} mb-1`}>{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {choices.map(([choice, label]) => (
          <label key={choice} className="inline-flex min-h-8 items-center gap-1.5 text-sm text-zinc-800 dark:text-zinc-100">
            <input
              type="radio"
              name={name}
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
              className="accent-green-600"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function CreateAccessTokenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { create } = useAccessTokenMutations();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<AccessTokenScope>("read-write");
  const [expiry, setExpiry] = useState<Expiry>(expiryInDays(30));
  const [problem, setProblem] = useState<"name" | "date" | null>(null);
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  // Both steps: the form, then the token shown once.
  useRestoreFocus(open);

  useEffect(() => {
    if (!open) return;
    setName("");
    setScope("read-write");
    setExpiry(expiryInDays(30));
    setProblem(null);
    setCreated(null);
  }, [open]);

  const submit = async () => {
    if (!name.trim()) return setProblem("name");
    const expiresTs = expiresTsOf(expiry);
    if (expiresTs === null) return setProblem("date");
    try {
      setCreated(await create.mutateAsync({ name: name.trim(), scope, ...(expiresTs === undefined ? {} : { expiresTs }) }));
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  if (created) {
    const curl = accessTokenCurl(window.location.origin, created.token);
    const mcpConfig = accessTokenMcpConfig(window.location.origin, created.token);
    return (
      <Dialog
        open={open}
        onClose={onClose}
        title={t("tokens.created-title")}
        footer={
          <Button variant="primary" onClick={onClose}>
            {t("tokens.done")}
          </Button>
        }
      >
        <div className="flex flex-col gap-3">
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
            {t("tokens.shown-once")}
          </p>
          <div className="flex items-center gap-2">
            <code data-testid="new-access-token" className={`${CODE} min-w-0 flex-1 break-all`}>
              {created.token}
            </code>
            <CopyButton text={created.token} label={t("tokens.copy-token")} />
          </div>
          <div className="flex flex-col gap-1">
            <div className="flex items-center justify-between gap-2">
              <span className="text-sm text-zinc-800 dark:text-zinc-100">{t("tokens.example")}</span>
              <CopyButton text={curl} label={t("tokens.copy-example")} />
            </div>
            <pre className={`${CODE} whitespace-pre-wrap break-all`}>{curl}</pre>
          </div>
          <div className="flex flex-col gap-1">
            <div className="flex items-center justify-between gap-2">
              <span className="text-sm text-zinc-800 dark:text-zinc-100">{t("tokens.mcp-example")}</span>
              <CopyButton text={mcpConfig} label={t("tokens.copy-mcp-example")} />
            </div>
            <pre data-testid="mcp-config" className={`${CODE} whitespace-pre-wrap break-all`}>
              {mcpConfig}
            </pre>
          </div>
        </div>
      </Dialog>
    );
  }

  const scopeLabels: Record<AccessTokenScope, string> = { read: t("tokens.scope-read"), "read-write": t("tokens.scope-read-write") };
  return (
    <FormDialog open={open} onClose={onClose} title={t("tokens.create-title")} submitLabel={t("tokens.create")} onSubmit={submit}>
      <Field
        label={t("tokens.name")}
        value={name}
        maxLength={INPUT_LIMITS.tokenName}
        placeholder={t("tokens.name-placeholder")}
        onChange={(value) => {
          setName(value);
          setProblem(null);
        }}
        error={problem === "name" ? t("tokens.name-required") : null}
        data-autofocus
      />
      <RadioChoices
        legend={t("tokens.scope")}
        name="scope"
        value={scope}
        onChange={setScope}
        choices={ACCESS_TOKEN_SCOPES.map((value) => [value, scopeLabels[value]])}
      />
      <ExpiryField
        presets={TOKEN_EXPIRY_DAYS}
        value={expiry}
        onChange={(value) => {
          setExpiry(value);
          setProblem(null);
        }}
        invalid={problem === "date"}
      />
    </FormDialog>
  );
}
