// After linking a provider (Settings › My account), the callback sends the browser to `/?sso=linked` or
// `/?ssoError=<failure>`: said once as a toast, then taken out of the address.
import { isSsoFailure } from "@memos/common";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { toast } from "../../state/toast";

export function useSsoReturn(): void {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const linked = params.get("sso") === "linked";
  const failure = params.get("ssoError");
  useEffect(() => {
    if (!linked && failure === null) return;
    if (linked) toast.success(t("sso.linked"));
    else toast.error(t(isSsoFailure(failure) ? `sso.error.${failure}` : "sso.error.provider-error"));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("sso");
        next.delete("ssoError");
        return next;
      },
      { replace: true },
    );
  }, [linked, failure, setParams, t]);
}
