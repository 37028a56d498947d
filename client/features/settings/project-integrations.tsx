import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute(
  "/_authenticated/dashboard/settings/projects/$projectId/integrations",
)({ component: ProjectIntegrationsSettings });

function ProjectIntegrationsSettings() {
  return (
    <section className="page">
      <h1>Integrations</h1>
    </section>
  );
}
