import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute("/_authenticated/dashboard/workspace/$workspaceId/search")({
  component: Search,
});

function Search() {
  return (
    <section className="page">
      <h1>Search</h1>
    </section>
  );
}
