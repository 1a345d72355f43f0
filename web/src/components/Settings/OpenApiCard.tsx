// The Open API of My account (docs/v0-wire.md#open-id): the user's openId, a reset that invalidates the old one, and a
// ready-to-paste example of posting a memo with it.
import type { User } from "@memos/common";
import { BookOpen, RotateCcw } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useUserMutations } from "../../queries/users";
import { toast } from "../../state/toast";
import { Button } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { SettingGroup } from "./controls";
import { CopyButton } from "../ui/CopyButton";
import { openApiExample } from "./validation";

const CODE =
  "block overflow-x-auto rounded-lg bg-zinc-100 px-2.5 py-2 font-mono text-xs leading-5 text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300";

export function OpenApiCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const { patch } = useUserMutations();
  const [confirming, setConfirming] = useState(false);
  const labelId = useId();
  const example = openApiExample(window.location.origin, user.openId);

  const reset = async () => {
    try {
      await patch.mutateAsync({ id: user.id, body: { resetOpenId: true } });
      toast.success(t("message.openid-reset"));
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  return (
    <SettingGroup title={t("setting.account.open-api")} description={t("setting.account.open-api-hint")}>
      <div className="flex flex-col gap-3 p-3">
        <div className="flex flex-col gap-1">
          <span id={labelId} className="text-sm text-zinc-800 dark:text-zinc-100">
            {t("setting.account.open-id")}
          </span>
          <div className="flex items-center gap-2">
            <code aria-labelledby={labelId} className={`${CODE} min-w-0 flex-1 break-all`}>
              {user.openId}
            </code>
            <Button icon={<RotateCcw className="size-4" aria-hidden />} onClick={() => setConfirming(true)} disabled={patch.isPending}>
              {t("setting.account.reset")}
            </Button>
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <div className="flex items-center justify-between gap-2">
            <span className="text-sm text-zinc-800 dark:text-zinc-100">{t("setting.account.example")}</span>
            <CopyButton text={example.curl} label={t("setting.account.copy-example")} />
          </div>
          <pre className={`${CODE} whitespace-pre-wrap break-all`}>{example.curl}</pre>
        </div>
        {/* The server's own OpenAPI reference (GET /api/docs), generated from the API's schemas. */}
        <a
          href="/api/docs"
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1.5 self-start text-sm text-zinc-600 underline underline-offset-2 hover:text-zinc-900 dark:text-zinc-300 dark:hover:text-zinc-100"
        >
          <BookOpen className="size-4" aria-hidden />
          {t("setting.account.api-reference")}
        </a>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("setting.account.reset-title")}
        body={t("setting.account.reset-body")}
        confirmLabel={t("setting.account.reset")}
        onConfirm={reset}
      />
    </SettingGroup>
  );
}
