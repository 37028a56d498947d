/** The screen every verification link of a mail comes back to (client/features/auth/verify-email.tsx). */
const verifyEmailPath = "/auth/verify-email";

/**
 * The `callbackURL` of a verification mail: /auth/verify-email, which goes on to `next` (the
 * dashboard unless given) when the link worked, and explains it when it did not (better-auth adds
 * `?error=` then). A relative path: better-auth accepts it as a safe redirect.
 */
export function verificationCallback(next?: string): string {
  return next ? `${verifyEmailPath}?redirect=${encodeURIComponent(next)}` : verifyEmailPath;
}
