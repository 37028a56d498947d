import { createLazyRoute } from "@tanstack/react-router";
import { toast } from "sonner";
import type { Project } from "../../../shared/entities.ts";
import { roleAllows } from "../../../shared/permissions.ts";
import { CheckboxField } from "../../ui/text-field.tsx";
import { showError } from "../../lib/api-errors.ts";
import { useRep } from "../../platform/sync/replicache-provider.tsx";
import { ProjectSettingsPage } from "./project-settings-page.tsx";
import { Button } from "../../ui/button.tsx";

export const Route = createLazyRoute(
  "/_authenticated/dashboard/settings/projects/$projectId/visibility",
)({ component: ProjectVisibilitySettings });

function ProjectVisibilitySettings() {
  const { projectId } = Route.useParams();
  return (
    <ProjectSettingsPage projectId={projectId} title="Visibility">
      {(project, role) => (
        <Visibility project={project} canShare={roleAllows(role, { project: ["share"] })} />
      )}
    </ProjectSettingsPage>
  );
}

function Visibility({ project, canShare }: { project: Project; canShare: boolean }) {
  const rep = useRep();
  const publicUrl = `${window.location.origin}/public-project/${project.id}`;

  const setPublic = (isPublic: boolean) => {
    rep.mutate
      .updateProject({ id: project.id, isPublic, updatedAt: new Date().toISOString() })
      .catch(showError);
  };
  const copy = () => {
    navigator.clipboard.writeText(publicUrl).then(() => toast.success("Link copied"), showError);
  };

  return (
    <div className="visibility">
      {!canShare && (
        <p className="notice">Only owners and admins can change who sees this project.</p>
      )}
      <div className="visibility-card">
        <div className="visibility-row">
          <CheckboxField
            label="Public access"
            aria-describedby="visibility-hint"
            checked={project.isPublic}
            disabled={!canShare}
            onChange={(event) => setPublic(event.target.checked)}
          />
          <p id="visibility-hint" className="muted">
            {project.isPublic
              ? "Anyone with the link can view the board and its tasks, without signing in."
              : "The project is private: only members of its workspace see it."}{" "}
            The public page shows tasks, labels and assignee names, never email addresses.
          </p>
        </div>
        {project.isPublic && (
          <div className="visibility-link">
            <label htmlFor="public-url">Public URL</label>
            <div className="form-inline">
              <input id="public-url" className="input" readOnly value={publicUrl} />
              <Button size="lg" onClick={copy}>
                Copy
              </Button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
