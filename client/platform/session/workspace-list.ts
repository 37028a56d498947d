import { unwrap } from "../../lib/api-errors.ts";
import { loadAuthClient } from "./load-auth-client.ts";

/**
 * The person's workspaces as the server has them (`organization.list`), for the dashboard
 * entry, which runs before the local store is open. Screens read the store's list.
 */
export async function listWorkspaces() {
  const { authClient } = await loadAuthClient();
  return unwrap(authClient.organization.list());
}

export type WorkspaceSummary = Awaited<ReturnType<typeof listWorkspaces>>[number];
