import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute(
  "/_authenticated/dashboard/settings/projects/$projectId/general",
)({ component: ProjectGeneralSettings });

function ProjectGeneralSettings() {
  return (
    <section className="page">
      <h1>Project settings</h1>
    </section>
  );
}
