import { createLazyRoute, Link, useNavigate } from "@tanstack/react-router";
import { useCallback, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { roleAllows } from "../../../shared/permissions.ts";
import { ApiDataPending } from "../../platform/http/api-data-pending.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { PictureField } from "../../platform/http/picture-field.tsx";
import {
  rememberActiveWorkspace,
  useActiveWorkspaceId,
} from "../../platform/preferences/active-workspace.ts";
import { unwrap } from "../../lib/api-errors.ts";
import { authClient } from "../../platform/session/auth-client.ts";
import { useSession } from "../../platform/session/session-store.ts";
import { useAction } from "../../platform/http/use-action.ts";
import { useApiData } from "../../platform/http/use-api-data.ts";
import { WorkspaceLabelsSection } from "./workspace-labels-section.tsx";
import { WorkspaceStorageSection } from "./workspace-storage-section.tsx";
import { loadWorkspace, type FullWorkspace } from "../../platform/session/full-workspace.ts";
import { NameField, WorkspaceSlugField } from "../../ui/name-fields.tsx";
import { Button, buttonProps } from "../../ui/button.tsx";

/** Settings of the active workspace (the remembered one, else the session's). */
export const Route = createLazyRoute("/_authenticated/dashboard/settings/workspace/general")({
  component: WorkspaceGeneralSettings,
});

function WorkspaceGeneralSettings() {
  const session = useSession();
  const activeWorkspaceId = useActiveWorkspaceId();
  const workspaceId = activeWorkspaceId ?? session?.session.activeOrganizationId ?? null;

  if (!workspaceId) {
    return (
      <section className="page page-narrow">
        <h1>Workspace settings</h1>
        <p className="muted">You have no active workspace.</p>
        <Link to="/dashboard" {...buttonProps({ variant: "primary", size: "lg" })}>
          Go to the dashboard
        </Link>
      </section>
    );
  }
  return <WorkspaceSettings workspaceId={workspaceId} />;
}

function WorkspaceSettings({ workspaceId }: { workspaceId: string }) {
  const session = useSession();
  const load = useCallback(() => loadWorkspace(workspaceId), [workspaceId]);
  const settings = useApiData(load, "Failed to load the workspace");
  const { data: workspace, reload } = settings;

  if (!session || !workspace) {
    return (
      <section className="page page-narrow">
        <h1>Workspace settings</h1>
        <ApiDataPending state={settings} what="the workspace settings" />
      </section>
    );
  }
  const role = workspace.members.find((m) => m.userId === session.user.id)?.role ?? "";
  return (
    <section className="page page-narrow">
      <h1>Workspace settings</h1>
      <WorkspaceForm
        key={workspace.id}
        workspace={workspace}
        canUpdate={roleAllows(role, { organization: ["update"] })}
        onSaved={reload}
      />
      <WorkspaceLabelsSection workspaceId={workspace.id} />
      <WorkspaceStorageSection workspaceId={workspace.id} />
      {roleAllows(role, { organization: ["delete"] }) && <DeleteWorkspace workspace={workspace} />}
    </section>
  );
}

type WorkspaceFormProps = { workspace: FullWorkspace; canUpdate: boolean; onSaved: () => void };

function WorkspaceForm({ workspace, canUpdate, onSaved }: WorkspaceFormProps) {
  const [pending, run] = useAction();
  const [name, setName] = useState(workspace.name);
  const [slug, setSlug] = useState(workspace.slug);
  const [logo, setLogo] = useState(workspace.logo ?? null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      await unwrap(
        authClient.organization.update({
          organizationId: workspace.id,
          data: { name: name.trim(), slug, logo: logo ?? "" },
        }),
      );
      toast.success("Workspace saved");
      onSaved();
    });
  };

  return (
    <form className="form" onSubmit={submit} aria-label="Workspace">
      {!canUpdate && <p className="notice">Only owners and admins can change these settings.</p>}
      <fieldset className="fieldset" disabled={!canUpdate}>
        <NameField value={name} onValueChange={setName} />
        <WorkspaceSlugField value={slug} onValueChange={setSlug} />
        <PictureField
          label="Logo"
          owner={{ id: workspace.id, name }}
          value={logo}
          onChange={setLogo}
          disabled={!canUpdate}
        />
        <div className="form-actions">
          <Button type="submit" variant="primary" size="lg" disabled={pending}>
            Save
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

function DeleteWorkspace({ workspace }: { workspace: FullWorkspace }) {
  const navigate = useNavigate();
  const [pending, run] = useAction();
  const [confirming, setConfirming] = useState(false);

  const remove = () =>
    run(async () => {
      await unwrap(authClient.organization.delete({ organizationId: workspace.id }));
      setConfirming(false);
      rememberActiveWorkspace(null);
      toast.success(`${workspace.name} was deleted`);
      await navigate({ to: "/dashboard" });
    });

  return (
    <section className="danger-zone" aria-labelledby="delete-workspace">
      <h2 id="delete-workspace">Delete workspace</h2>
      <p className="muted">
        Deletes {workspace.name} with all its projects and tasks for every member. This cannot be
        undone.
      </p>
      <Button variant="danger" size="lg" onClick={() => setConfirming(true)}>
        Delete workspace
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${workspace.name}?`}
        confirmLabel="Delete workspace"
        pending={pending}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      >
        <p>
          All projects and tasks of {workspace.name} are deleted for its {workspace.members.length}{" "}
          {workspace.members.length === 1 ? "member" : "members"}. This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}
