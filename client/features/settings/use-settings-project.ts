import { useSubscribe } from "replicache-react";
import { projectSchema, workspaceSchema, type Project } from "../../../shared/entities.ts";
import { prefixes, workspaceKey } from "../../../shared/keys.ts";
import { readActiveWorkspaceId } from "../../platform/preferences/active-workspace.ts";
import { useSync } from "../../platform/sync/replicache-provider.tsx";
import { useWorkspaces } from "../../platform/sync/store-hooks.ts";

type SettingsProject = { project: Project | null; role: string };

/**
 * The project a settings page is about, found by id alone (its URL names no workspace), with
 * the signed-in person's role in the project's workspace. Projects are few: scanning them is cheap.
 */
export function useSettingsProject(projectId: string): SettingsProject | null {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    async (tx): Promise<SettingsProject> => {
      for (const value of await tx.scan({ prefix: prefixes.project() }).values().toArray()) {
        const parsed = projectSchema.safeParse(value);
        if (!parsed.success || parsed.data.id !== projectId) continue;
        const workspace = workspaceSchema.safeParse(
          await tx.get(workspaceKey(parsed.data.workspaceId)),
        );
        return { project: parsed.data, role: workspace.success ? workspace.data.role : "" };
      }
      return { project: null, role: "" };
    },
    // Null until the first read: a page renders nothing for that instant rather than "not found".
    { default: null, dependencies: [projectId] },
  );
}

/** The workspace the settings are for: the remembered active one while it is still ours, else the first. */
export function useActiveWorkspaceId(): string | null {
  const workspaces = useWorkspaces();
  const remembered = readActiveWorkspaceId();
  if (remembered && workspaces.some((workspace) => workspace.id === remembered)) return remembered;
  return workspaces[0]?.id ?? null;
}
