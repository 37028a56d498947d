import { Events, OAuth2Server } from "oauth2-mock-server";

/** Who the local provider says is signing in: one person, enough for the sign-in screens. */
export const oidcPerson = {
  sub: "e2e-oidc-person",
  email: "olive.oidc@example.com",
  email_verified: true,
  name: "Olive Oidc",
};

export const oidcProviderName = "Company SSO";

/**
 * A local OpenID Connect provider (oauth2-mock-server) on a free port. Its authorize endpoint
 * answers at once with a code, as if the person had signed in there.
 */
export async function startOidcProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const issuer = server.issuer.url;
  if (!issuer) throw new Error("expected the mock provider to have an issuer URL");
  server.service.on(Events.BeforeTokenSigning, (token) => {
    Object.assign(token.payload, oidcPerson);
  });
  return {
    env: {
      OIDC_DISCOVERY_URL: `${issuer}/.well-known/openid-configuration`,
      OIDC_CLIENT_ID: "tasks-e2e-client",
      OIDC_CLIENT_SECRET: "tasks-e2e-secret",
      OIDC_PROVIDER_ID: "oidc",
      OIDC_NAME: oidcProviderName,
    },
    stop: () => server.stop(),
  };
}
