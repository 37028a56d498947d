import { createLazyRoute, Link } from "@tanstack/react-router";
import { ProjectSyncGate } from "../../platform/sync/project-sync-gate.tsx";
import { useProject } from "../../platform/sync/store-hooks.ts";
import { buttonProps } from "../../ui/button.tsx";

export const Route = createLazyRoute(
  "/_authenticated/dashboard/workspace/$workspaceId/project/$projectId",
)({ component: ProjectScreens });

/** Every screen of a project renders inside this. */
function ProjectScreens() {
  const { workspaceId, projectId } = Route.useParams();
  const project = useProject(workspaceId, projectId);
  return (
    <ProjectSyncGate
      projectId={projectId}
      project={project}
      back={
        <Link
          to="/dashboard/workspace/$workspaceId"
          params={{ workspaceId }}
          {...buttonProps({ size: "lg" })}
        >
          Back to the workspace
        </Link>
      }
    />
  );
}
