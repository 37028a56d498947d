import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute("/_authenticated/dashboard/settings/workspace/general")({
  component: WorkspaceGeneralSettings,
});

function WorkspaceGeneralSettings() {
  return (
    <section className="page">
      <h1>Workspace settings</h1>
    </section>
  );
}
