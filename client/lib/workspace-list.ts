import { useEffect } from "react";
import { unwrap } from "./api-errors.ts";
import { authClient } from "./auth-client.ts";
import { useApiData } from "./use-api-data.ts";

/**
 * The person's workspaces from the server (`organization.list`), until the local store takes
 * over. Screens that create, rename, delete or join a workspace call `workspacesChanged()`.
 */
const listeners = new Set<() => void>();

export function workspacesChanged(): void {
  for (const listener of listeners) listener();
}

export function listWorkspaces() {
  return unwrap(authClient.organization.list());
}

export type WorkspaceSummary = Awaited<ReturnType<typeof listWorkspaces>>[number];

export function useWorkspaceList(): WorkspaceSummary[] | undefined {
  const { data, reload } = useApiData(listWorkspaces, "Failed to fetch workspaces");
  useEffect(() => {
    listeners.add(reload);
    return () => {
      listeners.delete(reload);
    };
  }, [reload]);
  return data;
}
