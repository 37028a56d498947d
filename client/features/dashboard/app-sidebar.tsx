import { Link, useParams } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useActiveWorkspaceId } from "../../lib/active-workspace.ts";
import { AccountMenu } from "./account-menu.tsx";
import { WorkspaceSwitcher } from "./workspace-switcher.tsx";

/**
 * The sidebar of the signed-in app. Links that need a workspace use the one in the address,
 * else the remembered active one; without either, and where the screen does not exist yet,
 * they stay inert.
 */
export function AppSidebar({ id, hidden }: { id: string; hidden: boolean }) {
  const params = useParams({ strict: false });
  const activeWorkspaceId = useActiveWorkspaceId();
  const workspaceId = params.workspaceId ?? activeWorkspaceId;

  return (
    <aside id={id} className="sidebar" hidden={hidden}>
      <p className="brand">Tasks</p>
      <WorkspaceSwitcher workspaceId={workspaceId} />
      <nav aria-label="Main">
        <ul className="sidebar-list">
          <li>
            <Link to="/dashboard" className="sidebar-link" activeOptions={{ exact: true }}>
              Dashboard
            </Link>
          </li>
          <li>
            <InertLink>Projects</InertLink>
          </li>
          <li>
            <Link to="/dashboard/settings" className="sidebar-link">
              Settings
            </Link>
          </li>
        </ul>
      </nav>
      <nav aria-labelledby="sidebar-workspace">
        <p id="sidebar-workspace" className="sidebar-group-label">
          Workspace
        </p>
        <ul className="sidebar-list">
          <li>
            <InertLink>Issues</InertLink>
          </li>
          <li>
            {workspaceId ? (
              <Link
                to="/dashboard/workspace/$workspaceId"
                params={{ workspaceId }}
                className="sidebar-link"
                activeOptions={{ exact: true }}
              >
                Projects
              </Link>
            ) : (
              <InertLink>Projects</InertLink>
            )}
          </li>
          <li>
            {workspaceId ? (
              <Link
                to="/dashboard/workspace/$workspaceId/search"
                params={{ workspaceId }}
                className="sidebar-link"
              >
                Search
              </Link>
            ) : (
              <InertLink>Search</InertLink>
            )}
          </li>
          <li>
            {workspaceId ? (
              <Link
                to="/dashboard/workspace/$workspaceId/members"
                params={{ workspaceId }}
                className="sidebar-link"
              >
                Members
              </Link>
            ) : (
              <InertLink>Members</InertLink>
            )}
          </li>
          <li>
            <InertLink>Views</InertLink>
          </li>
          <li>
            <Link to="/dashboard/settings/workspace" className="sidebar-link">
              Settings
            </Link>
          </li>
        </ul>
      </nav>
      <AccountMenu />
    </aside>
  );
}

/** A sidebar entry whose screen needs data that is not there yet. */
function InertLink({ children }: { children: ReactNode }) {
  return (
    <span className="sidebar-link" aria-disabled="true">
      {children}
    </span>
  );
}
