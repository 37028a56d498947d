import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute("/_authenticated/dashboard/workspace/$workspaceId/members")({
  component: Members,
});

function Members() {
  return (
    <section className="page">
      <h1>Members</h1>
    </section>
  );
}
