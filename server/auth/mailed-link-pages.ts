/**
 * Where the mailed links that sign someone in or change their account point: a page of ours that
 * acts only on a click (mailed-links.ts says why), and the better-auth endpoint it then calls.
 */
type MailedLinkKind = "magic-link" | "verify-email" | "delete-account";

export const mailedLinks: Record<MailedLinkKind, { endpoint: string; page: string }> = {
  "magic-link": { endpoint: "/magic-link/verify", page: "/auth/magic-link" },
  "verify-email": { endpoint: "/verify-email", page: "/auth/verify-email" },
  "delete-account": { endpoint: "/delete-user/callback", page: "/auth/delete-account" },
};

export const AUTH_BASE = "/api/auth";

/** The page a mailed link points to, for the URL better-auth built (same query). */
export function mailedLinkPage(kind: MailedLinkKind, betterAuthUrl: string, baseUrl: string) {
  const url = new URL(betterAuthUrl);
  return `${new URL(mailedLinks[kind].page, baseUrl).href}${url.search}`;
}
