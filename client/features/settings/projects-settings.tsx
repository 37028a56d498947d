import { createLazyRoute, Link } from "@tanstack/react-router";
import { useProjects } from "../../platform/sync/store-hooks.ts";
import { useActiveWorkspaceId } from "./use-settings-project.ts";

export const Route = createLazyRoute("/_authenticated/dashboard/settings/projects/")({
  component: ProjectsSettings,
});

/** The active workspace's projects, each leading to its own settings. */
function ProjectsSettings() {
  const workspaceId = useActiveWorkspaceId();
  return (
    <section className="page page-narrow">
      <h1>Projects</h1>
      {workspaceId ? (
        <ProjectList workspaceId={workspaceId} />
      ) : (
        <p className="muted">
          You have no workspace yet.{" "}
          <Link to="/dashboard/workspace/create">Create one to add projects.</Link>
        </p>
      )}
    </section>
  );
}

function ProjectList({ workspaceId }: { workspaceId: string }) {
  const projects = useProjects(workspaceId);
  if (projects.length === 0) {
    return (
      <p className="muted">
        This workspace has no projects yet.{" "}
        <Link to="/dashboard/workspace/$workspaceId" params={{ workspaceId }}>
          Create one from the workspace home.
        </Link>
      </p>
    );
  }
  return (
    <ul className="item-list">
      {projects.map((project) => (
        <li key={project.id} className="item">
          <Link
            to="/dashboard/settings/projects/$projectId/general"
            params={{ projectId: project.id }}
            className="item-title"
          >
            {project.icon ? `${project.icon} ` : ""}
            {project.name}
          </Link>
          <span className="item-detail">
            {project.key}
            {project.isPublic ? " · public" : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}
