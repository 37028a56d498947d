import { createLazyRoute } from "@tanstack/react-router";
import { CreateWorkspaceForm } from "../../platform/session/create-workspace-form.tsx";

export const Route = createLazyRoute("/_authenticated/dashboard/workspace/create")({
  component: CreateWorkspace,
});

function CreateWorkspace() {
  return (
    <section className="page page-narrow">
      <h1>Create a workspace</h1>
      <CreateWorkspaceForm submitLabel="Create workspace" />
    </section>
  );
}
