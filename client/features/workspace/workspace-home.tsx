import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute("/_authenticated/dashboard/workspace/$workspaceId/")({
  component: WorkspaceHome,
});

function WorkspaceHome() {
  return (
    <section className="page">
      <h1>Workspace</h1>
    </section>
  );
}
