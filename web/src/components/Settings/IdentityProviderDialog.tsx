// Adding or changing an identity provider (OpenID Connect): name, issuer, client ID and secret (never shown back:
// left empty, the kept one stays), scopes, the username claim, and whether unknown users get an account, as what.
import { DEFAULT_SSO_SCOPES, DEFAULT_USERNAME_CLAIM, INPUT_LIMITS, type IdentityProvider, type SsoUserRole } from "@memos/common";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { errorMessage } from "../../api/errorMessage";
import { useIdentityProviderMutations } from "../../queries/sso";
import { toast } from "../../state/toast";
import { Select } from "../ui/Select";
import { BORDERED_SELECT } from "./controls";
import { Field } from "../ui/Field";
import { FormDialog } from "../ui/FormDialog";

type Problem = "name" | "issuer" | "clientId" | null;

const isHttpUrl = (value: string) => /^https?:\/\/\S+$/i.test(value) && URL.canParse(value);

/** The server refused the issuer: said beside its field, not in a toast. */
const refusesIssuer = (error: unknown): error is ApiError => error instanceof ApiError && error.field === "issuer";

export function IdentityProviderDialog({
  open,
  provider,
  onClose,
}: {
  open: boolean;
  provider: IdentityProvider | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { create, patch } = useIdentityProviderMutations({ errorToast: (error) => !refusesIssuer(error) });
  const [name, setName] = useState("");
  const [issuer, setIssuer] = useState("");
  const [clientId, setClientId] = useState("");
  const [clientSecret, setClientSecret] = useState("");
  const [scopes, setScopes] = useState(DEFAULT_SSO_SCOPES);
  const [usernameClaim, setUsernameClaim] = useState(DEFAULT_USERNAME_CLAIM);
  const [createUsers, setCreateUsers] = useState(false);
  const [newUserRole, setNewUserRole] = useState<SsoUserRole>("USER");
  const [enabled, setEnabled] = useState(true);
  const [problem, setProblem] = useState<Problem>(null);
  const [issuerRefused, setIssuerRefused] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setName(provider?.name ?? "");
    setIssuer(provider?.issuer ?? "");
    setClientId(provider?.clientId ?? "");
    setClientSecret("");
    setScopes(provider?.scopes ?? DEFAULT_SSO_SCOPES);
    setUsernameClaim(provider?.usernameClaim ?? DEFAULT_USERNAME_CLAIM);
    setCreateUsers(provider?.createUsers ?? false);
    setNewUserRole(provider?.newUserRole ?? "USER");
    setEnabled(provider?.enabled ?? true);
    setProblem(null);
    setIssuerRefused(null);
  }, [open, provider]);

  const submit = async () => {
    const found: Problem = !name.trim() ? "name" : !isHttpUrl(issuer.trim()) ? "issuer" : !clientId.trim() ? "clientId" : null;
    setProblem(found);
    setIssuerRefused(null);
    if (found) return;
    const body = {
      name: name.trim(),
      issuer: issuer.trim(),
      clientId: clientId.trim(),
      scopes: scopes.trim() || DEFAULT_SSO_SCOPES,
      usernameClaim: usernameClaim.trim() || DEFAULT_USERNAME_CLAIM,
      createUsers,
      newUserRole,
      enabled,
      // Empty: the kept secret stays (a new provider has none).
      ...(clientSecret ? { clientSecret } : {}),
    };
    try {
      if (provider) await patch.mutateAsync({ id: provider.id, body });
      else await create.mutateAsync(body);
      toast.success(t("sso.providers.saved"));
      onClose();
    } catch (error) {
      if (refusesIssuer(error)) setIssuerRefused(errorMessage(error, t));
    }
  };

  const check = (label: string, checked: boolean, onChange: (value: boolean) => void) => (
    <label className="inline-flex min-h-10 items-center gap-2 text-sm text-zinc-800 dark:text-zinc-100">
      <input type="checkbox" checked={checked} onChange={(change) => onChange(change.target.checked)} className="size-4 accent-green-600" />
      {label}
    </label>
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t(provider ? "sso.providers.edit-title" : "sso.providers.add-title")}
      onSubmit={submit}
    >
      <Field
        label={t("sso.providers.name")}
        value={name}
        maxLength={INPUT_LIMITS.ssoName}
        onChange={(value) => {
          setName(value);
          setProblem(null);
        }}
        error={problem === "name" ? t("sso.providers.name-required") : null}
        data-autofocus
      />
      <Field
        label={t("sso.providers.issuer")}
        type="url"
        value={issuer}
        maxLength={INPUT_LIMITS.ssoIssuer}
        placeholder="https://id.example.com/realms/home"
        onChange={(value) => {
          setIssuer(value);
          setProblem(null);
          setIssuerRefused(null);
        }}
        error={issuerRefused ?? (problem === "issuer" ? t("sso.providers.issuer-invalid") : null)}
      />
      <Field
        label={t("sso.providers.client-id")}
        value={clientId}
        maxLength={INPUT_LIMITS.ssoClientId}
        onChange={(value) => {
          setClientId(value);
          setProblem(null);
        }}
        error={problem === "clientId" ? t("sso.providers.client-id-required") : null}
        autoComplete="off"
        spellCheck={false}
      />
      <Field
        label={t("sso.providers.client-secret")}
        type="password"
        value={clientSecret}
        maxLength={INPUT_LIMITS.ssoClientSecret}
        onChange={setClientSecret}
        hint={provider?.hasSecret ? t("sso.providers.client-secret-kept") : undefined}
        autoComplete="new-password"
      />
      <Field label={t("sso.providers.scopes")} value={scopes} maxLength={INPUT_LIMITS.ssoScopes} onChange={setScopes} spellCheck={false} />
      <Field
        label={t("sso.providers.username-claim")}
        value={usernameClaim}
        maxLength={INPUT_LIMITS.ssoUsernameClaim}
        onChange={setUsernameClaim}
        spellCheck={false}
      />
      {check(t("sso.providers.create-users"), createUsers, setCreateUsers)}
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-zinc-700 dark:text-zinc-300">{t("sso.providers.new-user-role")}</span>
        <Select<SsoUserRole>
          label={t("sso.providers.new-user-role")}
          value={newUserRole}
          onChange={setNewUserRole}
          options={[
            { value: "USER", label: t("setting.role.USER") },
            { value: "ADMIN", label: t("setting.role.ADMIN") },
          ]}
          className={BORDERED_SELECT}
        />
      </div>
      {check(t("sso.providers.enabled"), enabled, setEnabled)}
    </FormDialog>
  );
}
