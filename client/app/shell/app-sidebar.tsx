import { Link, useParams } from "@tanstack/react-router";
import { Inbox, Search, Settings, Users } from "lucide-react";
import type { ReactElement, ReactNode } from "react";
import { ProjectIcon } from "../../ui/project-icon.tsx";
import { useActiveWorkspaceId } from "../../platform/preferences/active-workspace.ts";
import { useProjects, useUnreadCount, useWorkspaces } from "../../platform/sync/store-hooks.ts";
import { Tooltip } from "../../ui/tooltip.tsx";
import { AccountMenu } from "./account-menu.tsx";
import { WorkspaceSwitcher } from "./workspace-switcher.tsx";

type AppSidebarProps = {
  /** Folded to icons (Mod+B): every entry keeps its name for screen readers and as a tooltip. */
  folded: boolean;
  /** Beside the switcher: the fold button, or the drawer's close button on a phone. */
  toggle: ReactNode;
};

/**
 * The sidebar of the signed-in app, as in Linear: the workspace switcher, then Inbox (with the
 * count of unread notifications), Search, Members,
 * the workspace's projects (each to its board, the one on screen marked) and Settings. The
 * workspace is the one in the address, else the remembered active one. Exactly one entry is
 * highlighted at a time: the screen's own.
 */
export function AppSidebar({ folded, toggle }: AppSidebarProps) {
  const params = useParams({ strict: false });
  const activeWorkspaceId = useActiveWorkspaceId();
  const firstWorkspaceId = useWorkspaces()[0]?.id ?? null;
  // Settings addresses name no workspace: the active one, else the first, as the dashboard does.
  const workspaceId = params.workspaceId ?? activeWorkspaceId ?? firstWorkspaceId;

  return (
    <div className="sidebar" data-folded={folded || undefined}>
      <div className="sidebar-top">
        <WorkspaceSwitcher workspaceId={workspaceId} folded={folded} />
        {toggle}
      </div>
      <nav aria-label="Main" className="sidebar-nav">
        {workspaceId && (
          <ul className="sidebar-list">
            <InboxEntry workspaceId={workspaceId} folded={folded} />
            <SidebarEntry folded={folded} label="Search">
              <Link
                to="/dashboard/workspace/$workspaceId/search"
                params={{ workspaceId }}
                className="sidebar-link"
              >
                <EntryContent icon={<Search />} label="Search" />
              </Link>
            </SidebarEntry>
            <SidebarEntry folded={folded} label="Members">
              <Link
                to="/dashboard/workspace/$workspaceId/members"
                params={{ workspaceId }}
                className="sidebar-link"
              >
                <EntryContent icon={<Users />} label="Members" />
              </Link>
            </SidebarEntry>
          </ul>
        )}
        {workspaceId && (
          <ProjectList
            workspaceId={workspaceId}
            // A project's settings page marks Settings, not the project.
            currentId={params.workspaceId ? (params.projectId ?? null) : null}
            folded={folded}
          />
        )}
        <ul className="sidebar-list sidebar-list-end">
          <SidebarEntry folded={folded} label="Settings">
            <Link to="/dashboard/settings" className="sidebar-link">
              <EntryContent icon={<Settings />} label="Settings" />
            </Link>
          </SidebarEntry>
        </ul>
      </nav>
      <AccountMenu folded={folded} />
    </div>
  );
}

/** Inbox, with the count of the workspace's unread notifications from the local store. */
function InboxEntry({ workspaceId, folded }: { workspaceId: string; folded: boolean }) {
  const unread = useUnreadCount(workspaceId);
  const label = unread > 0 ? `Inbox (${unread} unread)` : "Inbox";
  return (
    <SidebarEntry folded={folded} label={label}>
      <Link
        to="/dashboard/workspace/$workspaceId/inbox"
        params={{ workspaceId }}
        className="sidebar-link"
      >
        <EntryContent icon={<Inbox />} label="Inbox" />
        {unread > 0 && (
          <span className="sidebar-count">
            <span aria-hidden="true">{unread > 99 ? "99+" : unread}</span>
            <span className="visually-hidden">({unread} unread)</span>
          </span>
        )}
      </Link>
    </SidebarEntry>
  );
}

type ProjectListProps = { workspaceId: string; currentId: string | null; folded: boolean };

/**
 * The workspace's projects, by name, from the local store (offline too). The group's heading
 * leads to the workspace's overview of all its projects. The project on screen (its board,
 * list, backlog or one of its tasks) is the highlighted entry.
 */
function ProjectList({ workspaceId, currentId, folded }: ProjectListProps) {
  const projects = useProjects(workspaceId);
  return (
    <div className="sidebar-group">
      <Link
        to="/dashboard/workspace/$workspaceId"
        params={{ workspaceId }}
        activeOptions={{ exact: true }}
        className="sidebar-group-label sidebar-group-link"
      >
        Projects
      </Link>
      <ul className="sidebar-list">
        {projects.map((project) => {
          const current = project.id === currentId;
          return (
            <SidebarEntry key={project.id} folded={folded} label={project.name}>
              <Link
                to="/dashboard/workspace/$workspaceId/project/$projectId/board"
                params={{ workspaceId, projectId: project.id }}
                className={current ? "sidebar-link active" : "sidebar-link"}
                aria-current={current ? "page" : undefined}
              >
                <EntryContent icon={<ProjectIcon project={project} />} label={project.name} />
              </Link>
            </SidebarEntry>
          );
        })}
      </ul>
    </div>
  );
}

type SidebarEntryProps = {
  folded: boolean;
  /** The entry's name, shown as a tooltip when the sidebar is folded to icons. */
  label: string;
  /** The Link of the entry, holding its `EntryContent`. */
  children: ReactElement;
};

function SidebarEntry({ folded, label, children }: SidebarEntryProps) {
  return (
    <li>
      {folded ? (
        <Tooltip label={label} side="right">
          {children}
        </Tooltip>
      ) : (
        children
      )}
    </li>
  );
}

/** Icon and name of an entry; folded, the name is hidden from sight but stays the link's name. */
function EntryContent({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <>
      <span className="sidebar-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="sidebar-label">{label}</span>
    </>
  );
}
