// Adding or changing a webhook: name, URL, secret (made by the server when left empty) and the events it hears.
import { INPUT_LIMITS, WEBHOOK_EVENTS, type Webhook, type WebhookEvent, webhookUrlProblem } from "@memos/common";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useWebhookMutations } from "../../queries/webhooks";
import { ApiError } from "../../api/client";
import { errorMessage } from "../../api/errorMessage";
import { toast } from "../../state/toast";
import { Field } from "../ui/Field";
import { FormDialog } from "../ui/FormDialog";

type Problem = "name" | "url" | "events" | null;

/** The URL's problem in words: as typed (not http(s), not a URL), or as the server refused it (its address). */
const urlErrorKey = { "not-http": "error.webhook.url-not-http", unparsable: "error.webhook.url-unparsable" } as const;

/** The server refused the URL: said beside its field, not in a toast. */
const refusesUrl = (error: unknown): error is ApiError => error instanceof ApiError && error.field === "url";

export function WebhookDialog({ open, webhook, onClose }: { open: boolean; webhook: Webhook | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { create, patch } = useWebhookMutations({ errorToast: (error) => !refusesUrl(error) });
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [secret, setSecret] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [problem, setProblem] = useState<Problem>(null);
  /** Why the server refused the URL (its address: private, a cloud metadata endpoint), shown under the field. */
  const [urlRefused, setUrlRefused] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setName(webhook?.name ?? "");
    setUrl(webhook?.url ?? "");
    setSecret(webhook?.secret ?? "");
    setEvents(webhook?.events ?? ["memo.created", "memo.updated", "memo.deleted"]);
    setProblem(null);
    setUrlRefused(null);
  }, [open, webhook]);

  const submit = async () => {
    const found: Problem = !name.trim() ? "name" : webhookUrlProblem(url.trim()) ? "url" : events.length === 0 ? "events" : null;
    setProblem(found);
    setUrlRefused(null);
    if (found) return;
    const body = { name: name.trim(), url: url.trim(), events, ...(secret ? { secret } : {}) };
    try {
      if (webhook) await patch.mutateAsync({ id: webhook.id, body: secret ? body : { ...body, secret: "" } });
      else await create.mutateAsync(body);
      toast.success(t("webhooks.saved"));
      onClose();
    } catch (error) {
      // A refused URL is said beside the field, where it can be fixed; anything else is the mutation cache's toast.
      if (refusesUrl(error)) setUrlRefused(errorMessage(error, t));
    }
  };

  const urlError = (): string | null => {
    if (urlRefused) return urlRefused;
    const typed = problem === "url" ? webhookUrlProblem(url.trim()) : null;
    return typed ? t(urlErrorKey[typed]) : null;
  };

  const toggle = (event: WebhookEvent, on: boolean) => {
    setEvents((current) =>
      on ? WEBHOOK_EVENTS.filter((name) => name === event || current.includes(name)) : current.filter((name) => name !== event),
    );
    setProblem(null);
  };

  return (
    <FormDialog open={open} onClose={onClose} title={t(webhook ? "webhooks.edit-title" : "webhooks.add-title")} onSubmit={submit}>
      <Field
        label={t("webhooks.name")}
        value={name}
        maxLength={INPUT_LIMITS.webhookName}
        onChange={(value) => {
          setName(value);
          setProblem(null);
        }}
        error={problem === "name" ? t("webhooks.name-required") : null}
        data-autofocus
      />
      <Field
        label={t("webhooks.url")}
        type="url"
        value={url}
        maxLength={INPUT_LIMITS.webhookUrl}
        placeholder="https://example.com/memos-hook"
        onChange={(value) => {
          setUrl(value);
          setProblem(null);
          setUrlRefused(null);
        }}
        error={urlError()}
      />
      <Field
        label={t("webhooks.secret")}
        value={secret}
        maxLength={INPUT_LIMITS.webhookSecret}
        onChange={setSecret}
        hint={t("webhooks.secret-hint")}
        autoComplete="off"
        spellCheck={false}
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-zinc-700 dark:text-zinc-300">{t("webhooks.events")}</legend>
        <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="inline-flex min-h-8 items-center gap-2 text-sm text-zinc-800 dark:text-zinc-100">
              <input
                type="checkbox"
                checked={events.includes(event)}
                onChange={(change) => toggle(event, change.target.checked)}
                className="accent-green-600"
              />
              {t(`webhooks.event.${event.replace(".", "-")}`)}
              <code className="text-xs text-zinc-500 dark:text-zinc-400">{event}</code>
            </label>
          ))}
        </div>
        {problem === "events" ? (
          <p role="alert" className="text-xs text-red-600 dark:text-red-400">
            {t("webhooks.events-required")}
          </p>
        ) : null}
      </fieldset>
    </FormDialog>
  );
}
