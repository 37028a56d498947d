import { redirect } from "@tanstack/react-router";
import { rememberPendingInvitation } from "../../platform/session/pending-invitation.ts";
import { loadSession } from "../../platform/session/session-store.ts";

/**
 * The invitation link's `beforeLoad`. The invitation is kept in the `pending_invitation` cookie
 * and accepted by the dashboard entry (SPEC.md section 2): at once for someone signed in, after
 * sign-in or sign-up for anyone else, who stays here to read what to do.
 */
export async function openInvitation({
  params,
  preload,
}: {
  params: { inviteId: string };
  preload: boolean;
}): Promise<void> {
  if (preload) return;
  rememberPendingInvitation(params.inviteId);
  if (await loadSession()) throw redirect({ to: "/dashboard" });
}
