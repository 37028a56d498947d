import { useNavigate } from "@tanstack/react-router";
import { ChevronDown, Plus, Settings } from "lucide-react";
import type { Workspace } from "../../../shared/entities.ts";
import { useWorkspaces } from "../../platform/sync/store-hooks.ts";
import { Avatar } from "../../ui/avatar.tsx";
import {
  Menu,
  MenuContent,
  MenuGroup,
  MenuGroupLabel,
  MenuItem,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
  MenuTrigger,
} from "../../ui/menu.tsx";
import { activateWorkspace } from "./activate-workspace.ts";

type WorkspaceSwitcherProps = {
  workspaceId: string | null;
  /** Folded sidebar: only the workspace's avatar shows; its name stays the button's name. */
  folded?: boolean;
};

/**
 * Which workspace the sidebar is about, as a menu (as in Linear): every workspace with its
 * avatar, the current one checked; choosing another opens it and makes it active. Below them,
 * the workspace's settings and a new workspace. The list is the local store's, so it is there
 * offline too, and follows renames, joins and departures as they sync.
 */
export function WorkspaceSwitcher({ workspaceId, folded = false }: WorkspaceSwitcherProps) {
  const navigate = useNavigate();
  const workspaces = useWorkspaces();
  const current = workspaces.find((workspace) => workspace.id === workspaceId);

  const open = async (id: string) => {
    if (id === workspaceId) return;
    await activateWorkspace(id);
    await navigate({ to: "/dashboard/workspace/$workspaceId", params: { workspaceId: id } });
  };

  return (
    <Menu>
      <MenuTrigger className="workspace-switcher" data-folded={folded || undefined}>
        {current ? <WorkspaceAvatar workspace={current} /> : <span className="workspace-avatar" />}
        <span className="workspace-switcher-name">
          <span className="visually-hidden">Workspace: </span>
          {current?.name ?? "Choose a workspace"}
        </span>
        <ChevronDown className="workspace-switcher-chevron" aria-hidden />
      </MenuTrigger>
      <MenuContent>
        <MenuGroup>
          <MenuGroupLabel>Workspaces</MenuGroupLabel>
          <MenuRadioGroup value={workspaceId ?? ""} onValueChange={(id: string) => void open(id)}>
            {workspaces.map((workspace) => (
              <MenuRadioItem
                key={workspace.id}
                value={workspace.id}
                icon={<WorkspaceAvatar workspace={workspace} />}
              >
                {workspace.name}
              </MenuRadioItem>
            ))}
          </MenuRadioGroup>
        </MenuGroup>
        <MenuSeparator />
        <MenuItem
          icon={<Settings aria-hidden />}
          onClick={() => void navigate({ to: "/dashboard/settings/workspace/general" })}
        >
          Workspace settings
        </MenuItem>
        <MenuItem
          icon={<Plus aria-hidden />}
          shortcut={["W", "C"]}
          onClick={() => void navigate({ to: "/dashboard/workspace/create" })}
        >
          Create workspace
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}

/** A workspace's initials on its own stable colour, square-cornered so it reads as a place. */
function WorkspaceAvatar({ workspace }: { workspace: Workspace }) {
  return (
    <span className="workspace-avatar">
      <Avatar id={workspace.id} name={workspace.name} image={workspace.logo} size="sm" decorative />
    </span>
  );
}
