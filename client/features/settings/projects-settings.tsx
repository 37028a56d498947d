import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute("/_authenticated/dashboard/settings/projects/")({
  component: ProjectsSettings,
});

function ProjectsSettings() {
  return (
    <section className="page">
      <h1>Projects</h1>
    </section>
  );
}
