import { z } from "zod";
import { unwrap } from "../../lib/api-errors.ts";
import { authClient } from "../../platform/session/auth-client.ts";
import { verificationCallback } from "../../lib/verification-link.ts";

/**
 * The sign-in and mail calls of the signed-out screens, with where each link or provider
 * brings the person back to. Relative paths: better-auth accepts them as safe redirects.
 */

const errorCallbackURL = "/auth/error";
/** A brand-new account made by a link or a provider has no name yet. */
const newUserCallbackURL = "/profile-setup";
const resetPasswordPage = "/auth/reset-password";

export async function sendSignInLink(email: string, callbackURL: string): Promise<void> {
  await unwrap(
    authClient.signIn.magicLink({ email, callbackURL, newUserCallbackURL, errorCallbackURL }),
  );
}

export async function sendVerificationLink(email: string, next?: string): Promise<void> {
  await unwrap(
    authClient.sendVerificationEmail({ email, callbackURL: verificationCallback(next) }),
  );
}

export async function sendPasswordResetLink(email: string): Promise<void> {
  await unwrap(authClient.requestPasswordReset({ email, redirectTo: resetPasswordPage }));
}

const redirectSchema = z.object({ url: z.string() });

/**
 * Leaves for the provider's sign-in page; the provider sends the person back to `callbackURL`.
 * The generic OIDC provider goes the same way: better-auth 1.7 registers it as a social provider.
 */
export async function signInWithProvider(provider: string, callbackURL: string): Promise<void> {
  const data = await unwrap(
    authClient.signIn.social({
      provider,
      callbackURL,
      newUserCallbackURL,
      errorCallbackURL,
      disableRedirect: true,
    }),
  );
  window.location.assign(redirectSchema.parse(data).url);
}
