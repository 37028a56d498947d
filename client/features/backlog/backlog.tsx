import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute(
  "/_authenticated/dashboard/workspace/$workspaceId/project/$projectId/backlog",
)({ component: Backlog });

function Backlog() {
  return (
    <section className="page">
      <h1>Backlog</h1>
    </section>
  );
}
