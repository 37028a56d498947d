import { createLazyRoute, Link, useNavigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import type { Project } from "../../../shared/entities.ts";
import { FolderKanban, Plus } from "lucide-react";
import { isDoneCategory } from "../../../shared/statuses.ts";
import { canPerform } from "../../../shared/sync-permissions.ts";
import { useProjectStatuses } from "../../platform/statuses.ts";
import {
  useProjects,
  useProjectSync,
  useProjectTasks,
  useWorkspace,
} from "../../platform/sync/store-hooks.ts";
import { Button } from "../../ui/button.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { NewProjectDialog } from "./new-project-dialog.tsx";
import "../../styles/workspace.css";

export const Route = createLazyRoute("/_authenticated/dashboard/workspace/$workspaceId/")({
  component: WorkspaceHome,
});

function WorkspaceHome() {
  const { workspaceId } = Route.useParams();
  const navigate = useNavigate();
  const workspace = useWorkspace(workspaceId);
  const projects = useProjects(workspaceId);
  const [creating, setCreating] = useState(false);

  // The workspace layout says when the workspace is not there; until the store answers, nothing.
  if (!workspace) return null;

  const canCreate = canPerform(workspace.role, "project.create");
  return (
    <section className="page workspace-home">
      <header className="workspace-home-header">
        <h1>{workspace.name}</h1>
        {canCreate && (
          <Button variant="primary" size="lg" onClick={() => setCreating(true)}>
            New project
          </Button>
        )}
      </header>
      <h2>Projects</h2>
      {projects.length === 0 ? (
        <EmptyState
          icon={<FolderKanban />}
          title="No projects yet."
          action={
            canCreate && (
              <Button variant="primary" icon={<Plus />} onClick={() => setCreating(true)}>
                Create project
              </Button>
            )
          }
        >
          {canCreate
            ? "Create a project to start planning tasks on its board."
            : "When someone creates a project, it shows up here."}
        </EmptyState>
      ) : (
        <ul className="project-list" aria-label="Projects">
          {projects.map((project) => (
            <ProjectRow key={project.id} project={project} />
          ))}
        </ul>
      )}
      <NewProjectDialog
        open={creating}
        workspaceId={workspaceId}
        projects={projects}
        onClose={() => setCreating(false)}
        onCreated={(projectId) => {
          setCreating(false);
          void navigate({
            to: "/dashboard/workspace/$workspaceId/project/$projectId/board",
            params: { workspaceId, projectId },
          });
        }}
      />
    </section>
  );
}

/** Work in a completed or canceled status is done; the rest is open. */
function ProjectRow({ project }: { project: Project }) {
  const tasks = useProjectTasks(project.id);
  const statuses = useProjectStatuses(project.id);
  const done = useMemo(() => {
    const doneIds = new Set(
      statuses.filter((status) => isDoneCategory(status.category)).map((status) => status.id),
    );
    return tasks.filter((task) => doneIds.has(task.status)).length;
  }, [tasks, statuses]);
  const open = tasks.length - done;
  // Partial sync: a project this browser has not opened has no tasks in the store to count.
  const loaded = useProjectSync(project.id) === "loaded";
  return (
    <li>
      <Link
        className="project-row"
        to="/dashboard/workspace/$workspaceId/project/$projectId/board"
        params={{ workspaceId: project.workspaceId, projectId: project.id }}
      >
        <span className="project-icon" aria-hidden="true">
          {project.icon ?? "📁"}
        </span>
        <span className="project-name">
          {project.name}
          {project.description && (
            <span className="project-description">{project.description}</span>
          )}
        </span>
        <span className="project-key">{project.key}</span>
        {loaded ? (
          <span className="project-counts">
            <span>{open} open</span>
            <span>{done} done</span>
          </span>
        ) : (
          <span className="project-counts muted">Not opened here yet</span>
        )}
      </Link>
    </li>
  );
}
