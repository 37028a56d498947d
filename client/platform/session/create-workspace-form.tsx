import { useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { unwrap } from "../../lib/api-errors.ts";
import { rememberActiveWorkspace } from "../preferences/active-workspace.ts";
import { authClient } from "./auth-client.ts";
import { useAction } from "../http/use-action.ts";
import { slugFromName } from "../../lib/workspace-slug.ts";
import { NameField, WorkspaceSlugField } from "../../ui/name-fields.tsx";
import { Button } from "../../ui/button.tsx";

/**
 * Name and slug of a new workspace (onboarding and "create workspace"). The slug follows the
 * name until the person edits it. The new workspace becomes the active one and opens.
 */
export function CreateWorkspaceForm({ submitLabel }: { submitLabel: string }) {
  const navigate = useNavigate();
  const [pending, run] = useAction();
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [slugEdited, setSlugEdited] = useState(false);

  const changeName = (value: string) => {
    setName(value);
    if (!slugEdited) setSlug(slugFromName(value));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      const workspace = await unwrap(authClient.organization.create({ name: name.trim(), slug }));
      if (!workspace) throw new Error("The server returned no workspace");
      // better-auth makes a new workspace the session's active one; remember it here too.
      rememberActiveWorkspace(workspace.id);
      await navigate({
        to: "/dashboard/workspace/$workspaceId",
        params: { workspaceId: workspace.id },
      });
    });
  };

  return (
    <form className="form" onSubmit={submit}>
      <NameField
        label="Workspace name"
        placeholder="Acme Inc."
        value={name}
        onValueChange={changeName}
      />
      <WorkspaceSlugField
        value={slug}
        onValueChange={(value) => {
          setSlugEdited(true);
          setSlug(value);
        }}
      />
      <div className="form-actions">
        <Button type="submit" variant="primary" size="lg" disabled={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
