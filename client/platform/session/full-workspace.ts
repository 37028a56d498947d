import { unwrap } from "../../lib/api-errors.ts";
import { authClient } from "./auth-client.ts";

/** The workspace with its members and invitations, as the members and settings screens show it. */
export async function loadWorkspace(workspaceId: string) {
  const workspace = await unwrap(
    authClient.organization.getFullOrganization({ query: { organizationId: workspaceId } }),
  );
  if (!workspace) throw new Error(`Workspace ${workspaceId} was not returned`);
  return workspace;
}

export type FullWorkspace = Awaited<ReturnType<typeof loadWorkspace>>;
