import { z } from "zod";

/**
 * The social providers of SPEC.md section 7. Each is turned on when its client id and secret
 * are set: `GITHUB_CLIENT_ID` + `GITHUB_CLIENT_SECRET`, and so on (TikTok calls its id a
 * client key: `TIKTOK_CLIENT_KEY`). Cognito also needs its domain, region and user pool.
 */
const socialProviderNames = [
  "apple",
  "atlassian",
  "cognito",
  "discord",
  "facebook",
  "figma",
  "github",
  "microsoft",
  "google",
  "huggingface",
  "slack",
  "spotify",
  "twitch",
  "twitter",
  "dropbox",
  "kick",
  "linear",
  "linkedin",
  "gitlab",
  "tiktok",
  "reddit",
  "roblox",
  "salesforce",
  "vk",
  "zoom",
  "notion",
  "kakao",
  "naver",
  "line",
  "paypal",
] as const;

export type SocialProviderName = (typeof socialProviderNames)[number];

export type SocialProviderEnv = {
  clientId: string;
  clientSecret: string;
  /** Provider-specific settings, e.g. Cognito's domain or Microsoft's tenant. */
  extra: Record<string, string>;
};

const extraVariables: Partial<
  Record<SocialProviderName, Record<string, { env: string; required: boolean }>>
> = {
  cognito: {
    domain: { env: "COGNITO_DOMAIN", required: true },
    region: { env: "COGNITO_REGION", required: true },
    userPoolId: { env: "COGNITO_USER_POOL_ID", required: true },
  },
  microsoft: { tenantId: { env: "MICROSOFT_TENANT_ID", required: false } },
  apple: { appBundleIdentifier: { env: "APPLE_APP_BUNDLE_IDENTIFIER", required: false } },
};

/** Reads every configured provider; a half-configured one is a problem named by its variable. */
export function readSocialProviderEnv(env: Record<string, string>): {
  providers: Partial<Record<SocialProviderName, SocialProviderEnv>>;
  problems: string[];
} {
  const providers: Partial<Record<SocialProviderName, SocialProviderEnv>> = {};
  const problems: string[] = [];
  for (const name of socialProviderNames) {
    const prefix = name.toUpperCase();
    const idVariable = name === "tiktok" ? `${prefix}_CLIENT_KEY` : `${prefix}_CLIENT_ID`;
    const secretVariable = `${prefix}_CLIENT_SECRET`;
    const clientId = env[idVariable];
    const clientSecret = env[secretVariable];
    if (!clientId && !clientSecret) continue;
    if (!clientId) problems.push(`${idVariable}: required when ${secretVariable} is set`);
    if (!clientSecret) problems.push(`${secretVariable}: required when ${idVariable} is set`);
    const extra: Record<string, string> = {};
    for (const [field, variable] of Object.entries(extraVariables[name] ?? {})) {
      const value = env[variable.env];
      if (value) extra[field] = value;
      else if (variable.required)
        problems.push(`${variable.env}: required when ${idVariable} is set`);
    }
    if (clientId && clientSecret) providers[name] = { clientId, clientSecret, extra };
  }
  return { providers, problems };
}

/** A generic OpenID Connect provider (Keycloak, Authentik, a local test provider…). */
export const oidcEnvSchema = z.object({
  OIDC_DISCOVERY_URL: z.url({
    error: "expected the provider's .well-known/openid-configuration URL",
  }),
  OIDC_CLIENT_ID: z.string().min(1, "required when OIDC_DISCOVERY_URL is set"),
  OIDC_CLIENT_SECRET: z.string().min(1, "required when OIDC_DISCOVERY_URL is set"),
  OIDC_PROVIDER_ID: z
    .string()
    .regex(/^[a-z0-9-]+$/, "expected lower-case letters, digits and dashes")
    .default("oidc"),
  OIDC_NAME: z.string().min(1).default("Single sign-on"),
});

export type OidcEnv = {
  providerId: string;
  name: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
};
