import { Events, OAuth2Server, type MutableToken } from "oauth2-mock-server";
import { z } from "zod";
import { bodyOf, type Browser, type Reply } from "./auth-client.ts";

/** The claims the provider reports about the person signing in. */
type Identity = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
};

export type OidcProvider = {
  server: OAuth2Server;
  /** The environment that turns the server's OIDC sign-in on against this provider. */
  env: Record<string, string>;
  /** The next code exchange answers with an ID token carrying these claims. */
  reportNext: (identity: Identity) => void;
  stop: () => Promise<void>;
};

export const OIDC_PROVIDER_ID = "oidc";

/** A local OpenID Connect provider (oauth2-mock-server) on a free port. */
export async function startOidcProvider(): Promise<OidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const issuer = server.issuer.url;
  if (!issuer) throw new Error("expected the mock provider to have an issuer URL");
  return {
    server,
    env: {
      OIDC_DISCOVERY_URL: `${issuer}/.well-known/openid-configuration`,
      OIDC_CLIENT_ID: "tasks-test-client",
      OIDC_CLIENT_SECRET: "tasks-test-secret",
      OIDC_PROVIDER_ID,
    },
    reportNext: (identity) => {
      // One token exchange signs the access token and then the ID token; both carry the claims.
      const addClaims = (token: MutableToken) => Object.assign(token.payload, identity);
      server.service.on(Events.BeforeTokenSigning, addClaims);
      server.service.once(Events.BeforeResponse, () =>
        server.service.off(Events.BeforeTokenSigning, addClaims),
      );
    },
    stop: () => server.stop(),
  };
}

type ProviderSignIn = {
  /** The authorization URL the server sent the browser to. */
  authorizationUrl: URL;
  /** The provider's redirect back to the server's callback. */
  callbackUrl: URL;
  /** The server's answer to the callback: a redirect into the app or to its error page. */
  callback: Reply;
};

/**
 * The whole redirect flow as a browser runs it: ask the server to start the sign-in, visit the
 * provider's authorize endpoint (which answers at once with a code), and bring the code back.
 */
export async function signInThroughProvider(
  browser: Browser,
  body: { callbackURL?: string; newUserCallbackURL?: string; errorCallbackURL?: string } = {},
): Promise<ProviderSignIn> {
  const { authorizationUrl, callbackUrl } = await startProviderSignIn(browser, body);
  const callback = await browser.open(callbackUrl);
  return { authorizationUrl, callbackUrl, callback };
}

/** The first two legs only: the callback URL is returned unvisited. */
export async function startProviderSignIn(
  browser: Browser,
  body: { callbackURL?: string; newUserCallbackURL?: string; errorCallbackURL?: string } = {},
): Promise<{ authorizationUrl: URL; callbackUrl: URL }> {
  const start = await browser.post("/api/auth/sign-in/social", {
    provider: OIDC_PROVIDER_ID,
    callbackURL: "/dashboard",
    ...body,
  });
  const { url } = bodyOf(start, z.object({ url: z.string(), redirect: z.literal(true) }));
  const authorize = await browser.open(url);
  if (authorize.status !== 302 || !authorize.location) {
    throw new Error(`the provider answered ${authorize.status}: ${JSON.stringify(authorize.body)}`);
  }
  return { authorizationUrl: new URL(url), callbackUrl: authorize.location };
}
