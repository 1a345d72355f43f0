// Settings › My account › Single sign-on: the providers linked to this account (unlink), and a link button for each
// enabled provider not linked yet (a browser navigation through the provider, back to the app).
import { ssoStartPath } from "@memos/common";
import { Link2, Unlink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useIdentities, useSsoOptions, useUnlinkIdentity } from "../../queries/sso";
import { toast } from "../../state/toast";
import { IconButton } from "../ui/Button";
import { SettingsListCard } from "./SettingsListCard";

const LINK =
  "inline-flex h-8 items-center gap-1.5 rounded-lg border border-zinc-300 px-3 text-sm font-medium text-zinc-800 hover:bg-zinc-50 max-sm:h-10 dark:border-zinc-600 dark:text-zinc-100 dark:hover:bg-zinc-800";

export function LinkedIdentitiesCard() {
  const { t } = useTranslation();
  const options = useSsoOptions();
  const identities = useIdentities();
  const unlink = useUnlinkIdentity();
  const providers = options.data?.providers ?? [];
  const linked = identities.data ?? [];
  if (providers.length === 0 && linked.length === 0) return null;
  const unlinkedProviders = providers.filter((provider) => !linked.some((identity) => identity.providerId === provider.id));

  const remove = async (id: number) => {
    try {
      await unlink.mutateAsync(id);
      toast.success(t("sso.identities.unlinked"));
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  return (
    <SettingsListCard
      title={t("sso.identities.title")}
      description={t("sso.identities.hint")}
      list={identities}
      empty={t("sso.identities.none")}
      rowTestId="identity-row"
      itemKey={(identity) => identity.id}
      row={(identity) => ({
        name: identity.providerName,
        actions: (
          <IconButton label={t("sso.identities.unlink-named", { name: identity.providerName })} onClick={() => void remove(identity.id)}>
            <Unlink className="size-4" aria-hidden />
          </IconButton>
        ),
      })}
      after={
        unlinkedProviders.length > 0 ? (
          <div className="flex flex-wrap gap-2 px-3 py-2.5">
            {unlinkedProviders.map((provider) => (
              <a key={provider.id} href={ssoStartPath(provider.id, true)} className={LINK}>
                <Link2 className="size-4" aria-hidden />
                {t("sso.identities.link", { name: provider.name })}
              </a>
            ))}
          </div>
        ) : null
      }
    />
  );
}
