import { toast } from "sonner";
import { unwrap } from "../../../lib/api-errors.ts";
import { authClient } from "../../../platform/session/auth-client.ts";
import { providerName } from "../../../lib/provider-names.ts";
import { useServerConfig } from "../../../platform/http/server-config.ts";
import { useAction } from "../../../platform/http/use-action.ts";
import { Button } from "../../../ui/button.tsx";

type LinkedAccount = { id: string; providerId: string };

type LinkedAccountsSectionProps = { accounts: LinkedAccount[]; onChanged: () => void };

const backHere = "/dashboard/settings/account/information";

/** The ways to sign in to this account; the last one can never be unlinked. */
export function LinkedAccountsSection({ accounts, onChanged }: LinkedAccountsSectionProps) {
  const config = useServerConfig();
  const [pending, run] = useAction();
  const oidc = config?.oidcProvider;
  const nameOf = (providerId: string) =>
    providerId === oidc?.id ? oidc.name : providerName(providerId);
  const providers = [...(config?.socialProviders ?? []), ...(oidc ? [oidc.id] : [])];
  const linkable = providers.filter(
    (provider) => !accounts.some((account) => account.providerId === provider),
  );

  const unlink = (account: LinkedAccount) =>
    run(async () => {
      // better-auth 1.7 names the account by its own id here, not the provider's account id.
      await unwrap(authClient.unlinkAccount({ accountId: account.id }));
      toast.success(`${nameOf(account.providerId)} unlinked`);
      onChanged();
    });

  const link = (provider: string) =>
    run(async () => {
      // Leaves for the provider, which sends the person back here.
      await unwrap(
        authClient.linkSocial({ provider, callbackURL: backHere, errorCallbackURL: "/auth/error" }),
      );
    });

  return (
    <section className="settings-section" aria-labelledby="linked-heading">
      <h2 id="linked-heading">Sign-in methods</h2>
      <ul className="item-list">
        {accounts.map((account) => (
          <li key={account.id} className="item">
            <p className="item-title">{nameOf(account.providerId)}</p>
            {accounts.length > 1 && (
              <Button variant="ghost" size="lg" disabled={pending} onClick={() => unlink(account)}>
                Unlink
              </Button>
            )}
          </li>
        ))}
      </ul>
      {linkable.length > 0 && (
        <div className="action-row">
          {linkable.map((provider) => (
            <Button key={provider} size="lg" disabled={pending} onClick={() => link(provider)}>
              Link {nameOf(provider)}
            </Button>
          ))}
        </div>
      )}
    </section>
  );
}
