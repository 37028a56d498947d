import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute("/public-project/$projectId")({ component: PublicProject });

function PublicProject() {
  return (
    <section className="page">
      <h1>Public project</h1>
    </section>
  );
}
