import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute(
  "/_authenticated/dashboard/workspace/$workspaceId/project/$projectId/",
)({ component: ProjectHome });

function ProjectHome() {
  return (
    <section className="page">
      <h1>Project</h1>
    </section>
  );
}
