import { z } from "zod";
import { postJson } from "../../platform/http/post-json.ts";

/**
 * The links of our mails that sign someone in or change their account open a page of ours, and
 * act only on the person's click (server/auth/mailed-links.ts says why): the click sends the
 * link's query to `/api/auth-links/{kind}`, and the answer says where to go next.
 */
export type MailedLinkKind = "magic-link" | "verify-email" | "delete-account";

/** The query the mailed link brought, as the routes validate it (router.tsx). */
type MailedLinkQuery = {
  token: string;
  callbackURL?: string;
  newUserCallbackURL?: string;
  errorCallbackURL?: string;
};

const answerSchema = z.object({ redirect: z.string() });

/**
 * Acts on the link, then loads where better-auth sends the person: a whole new page, as the
 * session may have changed (signed in, verified, deleted).
 */
export async function followMailedLink(kind: MailedLinkKind, query: MailedLinkQuery) {
  const { redirect } = await postJson(`/api/auth-links/${kind}`, query, answerSchema);
  const target = new URL(redirect, window.location.href);
  // better-auth only redirects to trusted origins; stay on ours whatever it says.
  window.location.assign(target.origin === window.location.origin ? target.href : "/dashboard");
}
