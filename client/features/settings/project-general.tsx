import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import type { Project } from "../../../shared/entities.ts";
import { roleAllows } from "../../../shared/permissions.ts";
import { isValidProjectKey } from "../../../shared/task-key.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { TextField } from "../../ui/text-field.tsx";
import { showError } from "../../lib/api-errors.ts";
import { useRep } from "../../platform/sync/replicache-provider.tsx";
import { useProjects } from "../../platform/sync/store-hooks.ts";
import { ProjectSettingsPage } from "./project-settings-page.tsx";
import { NameField } from "../../ui/name-fields.tsx";
import { Button } from "../../ui/button.tsx";

export const Route = createLazyRoute(
  "/_authenticated/dashboard/settings/projects/$projectId/general",
)({ component: ProjectGeneralSettings });

function ProjectGeneralSettings() {
  const { projectId } = Route.useParams();
  return (
    <ProjectSettingsPage projectId={projectId} title="Project settings">
      {(project, role) => (
        <>
          <ProjectForm
            key={project.id}
            project={project}
            canUpdate={roleAllows(role, { project: ["update"] })}
          />
          {roleAllows(role, { project: ["delete"] }) && <DeleteProject project={project} />}
        </>
      )}
    </ProjectSettingsPage>
  );
}

/** Why a key cannot be used, or null: the rule of the create form (DESIGN.md "Entities"). */
function keyProblem(key: string, project: Project, projects: readonly Project[]): string | null {
  if (!isValidProjectKey(key)) return "2 to 8 uppercase letters or digits, starting with a letter.";
  const taken = projects.some((other) => other.id !== project.id && other.key === key);
  return taken ? `Another project of this workspace uses ${key}.` : null;
}

type ProjectFields = { name: string; key: string; icon: string; description: string };

function ProjectForm({ project, canUpdate }: { project: Project; canUpdate: boolean }) {
  const rep = useRep();
  const projects = useProjects(project.workspaceId);
  // Only the fields the person has typed in: the others follow the store, so a change that
  // arrives later (a pull after a reload, another admin's edit) shows instead of stale values.
  const [draft, setDraft] = useState<Partial<ProjectFields>>({});
  const name = draft.name ?? project.name;
  const key = draft.key ?? project.key;
  const icon = draft.icon ?? project.icon ?? "";
  const description = draft.description ?? project.description;
  const edit = (changes: Partial<ProjectFields>) =>
    setDraft((fields) => ({ ...fields, ...changes }));
  const problem = keyProblem(key, project, projects);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || !name.trim()) return;
    rep.mutate
      .updateProject({
        id: project.id,
        name: name.trim(),
        key,
        icon: icon.trim() || null,
        description,
        updatedAt: new Date().toISOString(),
      })
      .then(() => {
        setDraft({});
        toast.success("Project saved");
      }, showError);
  };

  return (
    <form className="form" onSubmit={submit} aria-label="Project">
      {!canUpdate && <p className="notice">Only owners and admins can change these settings.</p>}
      <fieldset className="fieldset" disabled={!canUpdate}>
        <NameField value={name} onValueChange={(value) => edit({ name: value })} />
        <TextField
          label="Key"
          required
          maxLength={8}
          value={key}
          aria-invalid={problem !== null}
          hint={problem ?? "Task keys start with it: changing it renames every task."}
          onChange={(event) => edit({ key: event.target.value.toUpperCase() })}
        />
        <TextField
          label="Icon"
          maxLength={64}
          placeholder="An emoji, e.g. 🚀"
          value={icon}
          onChange={(event) => edit({ icon: event.target.value })}
        />
        <div className="field">
          <label htmlFor="project-description">Description</label>
          <textarea
            id="project-description"
            className="input"
            rows={4}
            maxLength={100_000}
            value={description}
            onChange={(event) => edit({ description: event.target.value })}
          />
        </div>
        <div className="form-actions">
          <Button type="submit" variant="primary" size="lg" disabled={problem !== null}>
            Save
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

function DeleteProject({ project }: { project: Project }) {
  const rep = useRep();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState("");

  const remove = () => {
    setOpen(false);
    rep.mutate.deleteProject({ id: project.id }).then(() => {
      toast.success(`${project.name} deleted`);
      void navigate({ to: "/dashboard/settings/projects" });
    }, showError);
  };

  return (
    <section className="settings-section danger-zone">
      <h2>Delete project</h2>
      <p className="muted">Its tasks, comments and history are deleted for everyone.</p>
      <Button variant="danger" size="lg" onClick={() => setOpen(true)}>
        Delete project
      </Button>
      <ConfirmDialog
        open={open}
        title="Delete project"
        confirmLabel="Delete"
        pending={confirmation !== project.key}
        onConfirm={remove}
        onClose={() => setOpen(false)}
      >
        <p>
          Type the project key <strong>{project.key}</strong> to delete {project.name} and all of
          its tasks.
        </p>
        <TextField
          label="Project key"
          value={confirmation}
          autoComplete="off"
          onChange={(event) => setConfirmation(event.target.value.toUpperCase())}
        />
      </ConfirmDialog>
    </section>
  );
}
