import { redirect } from "@tanstack/react-router";
import { readPendingInvitation } from "../../platform/session/pending-invitation.ts";
import { loadServerConfig, type ServerConfig } from "../../platform/http/server-config.ts";

/**
 * Sign-up's `beforeLoad`: closed registration sends the visitor to sign-in (SPEC.md section 2),
 * except someone holding an invitation, whom the server lets sign up with the invited email.
 */
export async function requireOpenRegistration(): Promise<void> {
  if (readPendingInvitation()) return;
  let config: ServerConfig;
  try {
    config = await loadServerConfig();
  } catch {
    // Unknown (offline): show the form; the server refuses the sign-up if it must.
    return;
  }
  if (config.disableRegistration) throw redirect({ to: "/auth/sign-in" });
}
