// Adding or changing an identity provider, OpenID Connect (its issuer and username claim) or plain OAuth 2 as memos
// has them (its authorization, token and user-info URLs and the user info's fields): name, client ID and secret
// (never shown back: left empty, the kept one stays), scopes, and whether unknown users get an account, as what.
import {
  DEFAULT_SSO_SCOPES,
  DEFAULT_USERNAME_CLAIM,
  INPUT_LIMITS,
  type IdentityProvider,
  type SsoProviderType,
  type SsoUserRole,
} from "@memos/common";
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

/** The URL fields of each type, in the form's order. */
const URL_FIELDS = { OIDC: ["issuer"], OAUTH2: ["authUrl", "tokenUrl", "userInfoUrl"] } as const;
type UrlField = "issuer" | "authUrl" | "tokenUrl" | "userInfoUrl";
type Problem = "name" | UrlField | "clientId" | "usernameClaim" | null;

const isHttpUrl = (value: string) => /^https?:\/\/\S+$/i.test(value) && URL.canParse(value);

const URL_LABELS = {
  issuer: "sso.providers.issuer",
  authUrl: "sso.providers.auth-url",
  tokenUrl: "sso.providers.token-url",
  userInfoUrl: "sso.providers.user-info-url",
} as const;

/** The server refused a URL (an http one without private targets allowed): said beside its field, not in a toast. */
const refusedUrl = (error: unknown): UrlField | null =>
  error instanceof ApiError && error.field != null && error.field in URL_LABELS ? (error.field as UrlField) : null;

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
  const { create, patch } = useIdentityProviderMutations({ errorToast: (error) => refusedUrl(error) === null });
  const [type, setType] = useState<SsoProviderType>("OIDC");
  const [name, setName] = useState("");
  const [urls, setUrls] = useState<Record<UrlField, string>>({ issuer: "", authUrl: "", tokenUrl: "", userInfoUrl: "" });
  const [fields, setFields] = useState({ displayNameField: "", emailField: "", avatarUrlField: "" });
  const [clientId, setClientId] = useState("");
  const [clientSecret, setClientSecret] = useState("");
  const [scopes, setScopes] = useState(DEFAULT_SSO_SCOPES);
  const [usernameClaim, setUsernameClaim] = useState(DEFAULT_USERNAME_CLAIM);
  const [createUsers, setCreateUsers] = useState(false);
  const [newUserRole, setNewUserRole] = useState<SsoUserRole>("USER");
  const [enabled, setEnabled] = useState(true);
  const [problem, setProblem] = useState<Problem>(null);
  const [urlRefused, setUrlRefused] = useState<{ field: UrlField; message: string } | null>(null);

  useEffect(() => {
    if (!open) return;
    setType(provider?.type ?? "OIDC");
    setName(provider?.name ?? "");
    setUrls({
      issuer: provider?.issuer ?? "",
      authUrl: provider?.authUrl ?? "",
      tokenUrl: provider?.tokenUrl ?? "",
      userInfoUrl: provider?.userInfoUrl ?? "",
    });
    setFields({
      displayNameField: provider?.displayNameField ?? "",
      emailField: provider?.emailField ?? "",
      avatarUrlField: provider?.avatarUrlField ?? "",
    });
    setClientId(provider?.clientId ?? "");
    setClientSecret("");
    setScopes(provider?.scopes ?? DEFAULT_SSO_SCOPES);
    setUsernameClaim(provider?.usernameClaim ?? DEFAULT_USERNAME_CLAIM);
    setCreateUsers(provider?.createUsers ?? false);
    setNewUserRole(provider?.newUserRole ?? "USER");
    setEnabled(provider?.enabled ?? true);
    setProblem(null);
    setUrlRefused(null);
  }, [open, provider]);

  const oauth2 = type === "OAUTH2";
  const submit = async () => {
    const badUrl = URL_FIELDS[type].find((field) => !isHttpUrl(urls[field].trim()));
    const found: Problem = !name.trim()
      ? "name"
      : (badUrl ?? (!clientId.trim() ? "clientId" : oauth2 && !usernameClaim.trim() ? "usernameClaim" : null));
    setProblem(found);
    setUrlRefused(null);
    if (found) return;
    const ownUrls = Object.fromEntries(URL_FIELDS[type].map((field) => [field, urls[field].trim()]));
    const body = {
      type,
      name: name.trim(),
      ...ownUrls,
      ...(oauth2 && {
        displayNameField: fields.displayNameField.trim(),
        emailField: fields.emailField.trim(),
        avatarUrlField: fields.avatarUrlField.trim(),
      }),
      clientId: clientId.trim(),
      // An OAuth 2 provider's scopes are its own (none is none); OpenID's are the default of OIDC.
      scopes: oauth2 ? scopes.trim() : scopes.trim() || DEFAULT_SSO_SCOPES,
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
      const field = refusedUrl(error);
      if (field) setUrlRefused({ field, message: errorMessage(error, t) });
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
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-zinc-700 dark:text-zinc-300">{t("sso.providers.type")}</span>
        <Select<SsoProviderType>
          label={t("sso.providers.type")}
          value={type}
          onChange={(value) => {
            // A new OAuth 2 provider names its own scopes and identifier (GitHub's are not OpenID's).
            if (!provider && value === "OAUTH2" && scopes === DEFAULT_SSO_SCOPES) setScopes("");
            if (!provider && value === "OAUTH2" && usernameClaim === DEFAULT_USERNAME_CLAIM) setUsernameClaim("");
            setType(value);
            setProblem(null);
          }}
          options={[
            { value: "OIDC", label: t("sso.providers.type-oidc") },
            { value: "OAUTH2", label: t("sso.providers.type-oauth2") },
          ]}
          className={BORDERED_SELECT}
        />
      </div>
      {URL_FIELDS[type].map((field) => (
        <Field
          key={field}
          label={t(URL_LABELS[field])}
          type="url"
          value={urls[field]}
          maxLength={INPUT_LIMITS.ssoIssuer}
          placeholder={field === "issuer" ? "https://id.example.com/realms/home" : undefined}
          onChange={(value) => {
            setUrls((before) => ({ ...before, [field]: value }));
            setProblem(null);
            setUrlRefused(null);
          }}
          error={urlRefused?.field === field ? urlRefused.message : problem === field ? t("sso.providers.issuer-invalid") : null}
        />
      ))}
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
        label={t(oauth2 ? "sso.providers.identifier-field" : "sso.providers.username-claim")}
        value={usernameClaim}
        maxLength={INPUT_LIMITS.ssoUsernameClaim}
        onChange={(value) => {
          setUsernameClaim(value);
          setProblem(null);
        }}
        hint={oauth2 ? t("sso.providers.identifier-field-hint") : undefined}
        error={problem === "usernameClaim" ? t("sso.providers.identifier-field-required") : null}
        spellCheck={false}
      />
      {oauth2 &&
        (
          [
            ["displayNameField", "sso.providers.display-name-field"],
            ["emailField", "sso.providers.email-field"],
            ["avatarUrlField", "sso.providers.avatar-url-field"],
          ] as const
        ).map(([field, label]) => (
          <Field
            key={field}
            label={t(label)}
            value={fields[field]}
            maxLength={INPUT_LIMITS.ssoUsernameClaim}
            onChange={(value) => setFields((before) => ({ ...before, [field]: value }))}
            spellCheck={false}
          />
        ))}
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
