import { Link, useNavigate } from "@tanstack/react-router";
import { useWorkspaces } from "../../platform/sync/store-hooks.ts";
import { activateWorkspace } from "./activate-workspace.ts";

/**
 * Which workspace the sidebar is about; choosing another one opens it and makes it active. The
 * list is the local store's, so it is there offline too, and follows renames, joins and
 * departures as they sync.
 */
export function WorkspaceSwitcher({ workspaceId }: { workspaceId: string | null }) {
  const navigate = useNavigate();
  const workspaces = useWorkspaces();

  const open = async (id: string) => {
    await activateWorkspace(id);
    await navigate({ to: "/dashboard/workspace/$workspaceId", params: { workspaceId: id } });
  };

  return (
    <div className="workspace-switcher">
      <label htmlFor="workspace-switcher" className="visually-hidden">
        Workspace
      </label>
      <select
        id="workspace-switcher"
        className="input"
        value={workspaceId ?? ""}
        onChange={(event) => void open(event.target.value)}
      >
        {!workspaces.some((w) => w.id === workspaceId) && (
          <option value={workspaceId ?? ""} disabled>
            Choose a workspace
          </option>
        )}
        {workspaces.map((workspace) => (
          <option key={workspace.id} value={workspace.id}>
            {workspace.name}
          </option>
        ))}
      </select>
      <Link to="/dashboard/workspace/create" className="sidebar-link sidebar-link-small">
        + New workspace
      </Link>
    </div>
  );
}
