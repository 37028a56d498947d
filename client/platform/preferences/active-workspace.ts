import { preferencesStore, usePreferences } from "./use-preferences.ts";

/**
 * The remembered active workspace: the `activeWorkspaceId` of the local preferences (storage
 * key `user-preferences`, SPEC.md section 3). It goes through the preferences store, which
 * validates what it reads and would otherwise write back a stale value over a direct write.
 */
export function readActiveWorkspaceId(): string | null {
  return preferencesStore.get().activeWorkspaceId;
}

export function useActiveWorkspaceId(): string | null {
  return usePreferences().activeWorkspaceId;
}

export function rememberActiveWorkspace(workspaceId: string | null): void {
  if (preferencesStore.get().activeWorkspaceId === workspaceId) return;
  preferencesStore.update({ activeWorkspaceId: workspaceId });
}
