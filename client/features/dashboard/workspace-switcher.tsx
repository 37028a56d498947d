import { Link, useNavigate } from "@tanstack/react-router";
import { useWorkspaceList } from "../../lib/workspace-list.ts";
import { activateWorkspace } from "./activate-workspace.ts";

/** Which workspace the sidebar is about; choosing another one opens it and makes it active. */
export function WorkspaceSwitcher({ workspaceId }: { workspaceId: string | null }) {
  const navigate = useNavigate();
  const workspaces = useWorkspaceList();

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
        disabled={!workspaces}
        value={workspaceId ?? ""}
        onChange={(event) => void open(event.target.value)}
      >
        {!workspaces && <option value={workspaceId ?? ""}>Loading…</option>}
        {workspaces && !workspaces.some((w) => w.id === workspaceId) && (
          <option value={workspaceId ?? ""} disabled>
            Choose a workspace
          </option>
        )}
        {workspaces?.map((workspace) => (
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
