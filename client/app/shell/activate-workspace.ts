import { showError, unwrap } from "../../lib/api-errors.ts";
import { rememberActiveWorkspace } from "../../platform/preferences/active-workspace.ts";
import { loadAuthClient } from "../../platform/session/load-auth-client.ts";

/**
 * Makes a workspace the active one: remembered locally (the app's own notion, SPEC.md
 * section 4) and on the session (better-auth's). A failure on the server side is shown but
 * does not stop the person from opening the workspace; offline the session's is left as it was
 * (the app goes by the remembered one).
 */
export async function activateWorkspace(workspaceId: string): Promise<void> {
  rememberActiveWorkspace(workspaceId);
  if (!navigator.onLine) return;
  try {
    const { authClient } = await loadAuthClient();
    await unwrap(authClient.organization.setActive({ organizationId: workspaceId }));
  } catch (error) {
    showError(error, "Failed to switch workspace");
  }
}
