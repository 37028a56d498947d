import { providerName } from "../../lib/provider-names.ts";
import type { ServerConfig } from "../../platform/http/server-config.ts";
import { signInWithProvider } from "./auth-links.ts";
import { LastUsedButton } from "./last-used-badge.tsx";

type SocialSignInProps = {
  config: ServerConfig | undefined;
  lastUsed: string | null;
  /** Where the provider sends the person back to once signed in. */
  callbackURL: string;
  pending: boolean;
  run: (action: () => Promise<void>) => void;
};

/** One button per provider the server has configured (GET /api/config), then the OIDC one. */
export function SocialSignIn({ config, lastUsed, callbackURL, pending, run }: SocialSignInProps) {
  if (!config) return null;
  const { socialProviders, oidcProvider } = config;
  if (socialProviders.length === 0 && !oidcProvider) return null;

  return (
    <div className="auth-methods" role="group" aria-label="Other ways to sign in">
      {socialProviders.map((provider) => (
        <LastUsedButton
          key={provider}
          used={lastUsed === provider}
          disabled={pending}
          onClick={() => run(() => signInWithProvider(provider, callbackURL))}
        >
          Continue with {providerName(provider)}
        </LastUsedButton>
      ))}
      {oidcProvider && (
        <LastUsedButton
          used={lastUsed === oidcProvider.id}
          disabled={pending}
          onClick={() => run(() => signInWithProvider(oidcProvider.id, callbackURL))}
        >
          Continue with {oidcProvider.name}
        </LastUsedButton>
      )}
    </div>
  );
}
