import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute(
  "/_authenticated/dashboard/settings/projects/$projectId/visibility",
)({ component: ProjectVisibilitySettings });

function ProjectVisibilitySettings() {
  return (
    <section className="page">
      <h1>Visibility</h1>
    </section>
  );
}
