import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute(
  "/_authenticated/dashboard/workspace/$workspaceId/project/$projectId/board",
)({ component: Board });

function Board() {
  return (
    <section className="page">
      <h1>Board</h1>
    </section>
  );
}
