import { redirect } from "@tanstack/react-router";
import { showError, unwrap } from "../../lib/api-errors.ts";
import { readActiveWorkspaceId } from "../../platform/preferences/active-workspace.ts";
import { loadAuthClient } from "../../platform/session/load-auth-client.ts";
import {
  clearPendingInvitation,
  readPendingInvitation,
} from "../../platform/session/pending-invitation.ts";
import { listWorkspaces, type WorkspaceSummary } from "../../platform/session/workspace-list.ts";
import { activateWorkspace } from "./activate-workspace.ts";

/**
 * The dashboard entry of SPEC.md section 2, as the `beforeLoad` of /dashboard: a pending
 * invitation is accepted and its workspace opened; otherwise the remembered workspace if the
 * person still belongs to it, else their first; with none, onboarding. Offline, the remembered
 * workspace. When the workspaces cannot be fetched the entry screen renders, offering to try again.
 */
export async function enterDashboard({ preload }: { preload: boolean }): Promise<void> {
  // Hovering a link to /dashboard must not accept an invitation.
  if (preload) return;

  const invited = await acceptPendingInvitation();
  if (invited) await openWorkspace(invited);

  const remembered = readActiveWorkspaceId();
  let workspaces: WorkspaceSummary[];
  try {
    workspaces = await listWorkspaces();
  } catch (error) {
    // Offline, the remembered workspace opens from the local store (which says if it is gone).
    if (!navigator.onLine && remembered) {
      throw redirect({
        to: "/dashboard/workspace/$workspaceId",
        params: { workspaceId: remembered },
      });
    }
    showError(error, "Failed to fetch workspaces");
    return;
  }
  const workspace = workspaces.find((w) => w.id === remembered) ?? workspaces[0];
  if (!workspace) throw redirect({ to: "/onboarding" });
  await openWorkspace(workspace.id);
}

/** The workspace of the accepted invitation, or null when there was none or it failed (toast). */
async function acceptPendingInvitation(): Promise<string | null> {
  const invitationId = readPendingInvitation();
  if (!invitationId) return null;
  // Cleared first: an invitation that cannot be accepted must not be retried on every visit.
  clearPendingInvitation();
  try {
    const { authClient } = await loadAuthClient();
    const accepted = await unwrap(authClient.organization.acceptInvitation({ invitationId }));
    return accepted?.invitation.organizationId ?? null;
  } catch (error) {
    showError(error, "Failed to accept the invitation");
    return null;
  }
}

async function openWorkspace(workspaceId: string): Promise<never> {
  await activateWorkspace(workspaceId);
  throw redirect({ to: "/dashboard/workspace/$workspaceId", params: { workspaceId } });
}
