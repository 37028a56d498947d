import { createLazyRoute, Link } from "@tanstack/react-router";
import { ProjectSyncGate } from "../../platform/sync/project-sync-gate.tsx";
import { useSettingsProject } from "./use-settings-project.ts";
import { buttonProps } from "../../ui/button.tsx";

export const Route = createLazyRoute("/_authenticated/dashboard/settings/projects/$projectId")({
  component: ProjectSettingsScreens,
});

/**
 * A project's settings count, export and import its tasks: the store must hold them, as on
 * the project's own screens (partial sync).
 */
function ProjectSettingsScreens() {
  const { projectId } = Route.useParams();
  const found = useSettingsProject(projectId);
  return (
    <ProjectSyncGate
      projectId={projectId}
      project={found === null ? undefined : found.project}
      back={
        <Link to="/dashboard/settings/projects" {...buttonProps({ size: "lg" })}>
          Back to the projects
        </Link>
      }
    />
  );
}
