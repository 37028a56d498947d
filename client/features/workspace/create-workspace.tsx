import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute("/_authenticated/dashboard/workspace/create")({
  component: CreateWorkspace,
});

function CreateWorkspace() {
  return (
    <section className="page">
      <h1>Create a workspace</h1>
    </section>
  );
}
