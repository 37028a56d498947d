import type { SocialProviders } from "better-auth/social-providers";
import type { SocialProviderEnv, SocialProviderName } from "./social-provider-env.ts";

/** better-auth's provider options from the configured environment variables. */
export function socialProviderOptions(
  configured: Partial<Record<SocialProviderName, SocialProviderEnv>>,
): SocialProviders {
  const options: SocialProviders = {};
  for (const [name, provider] of Object.entries(configured)) {
    const { clientId, clientSecret, extra } = provider;
    switch (name) {
      case "tiktok":
        options.tiktok = { clientKey: clientId, clientSecret };
        break;
      case "cognito":
        options.cognito = {
          clientId,
          clientSecret,
          domain: extra.domain ?? "",
          region: extra.region ?? "",
          userPoolId: extra.userPoolId ?? "",
        };
        break;
      case "microsoft":
        options.microsoft = { clientId, clientSecret, tenantId: extra.tenantId ?? "common" };
        break;
      case "apple":
        options.apple = { clientId, clientSecret, appBundleIdentifier: extra.appBundleIdentifier };
        break;
      default:
        Object.assign(options, { [name]: { clientId, clientSecret } });
    }
  }
  return options;
}
