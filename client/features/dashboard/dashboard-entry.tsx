import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute("/_authenticated/dashboard/")({ component: DashboardEntry });

function DashboardEntry() {
  return (
    <section className="page">
      <h1>Dashboard</h1>
    </section>
  );
}
