import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute(
  "/_authenticated/dashboard/workspace/$workspaceId/project/$projectId/task/$taskId",
)({ component: TaskDetail });

function TaskDetail() {
  return (
    <section className="page">
      <h1>Task</h1>
    </section>
  );
}
