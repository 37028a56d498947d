import { createLazyRoute, useRouter } from "@tanstack/react-router";
import { Button } from "../../ui/button.tsx";

/**
 * The entry's `beforeLoad` (enter-dashboard.ts) redirects to a workspace or to onboarding; this
 * screen is left only when the workspaces could not be fetched (the toast said why).
 */
export const Route = createLazyRoute("/_authenticated/dashboard/")({ component: DashboardEntry });

function DashboardEntry() {
  const router = useRouter();
  return (
    <section className="page">
      <h1>Dashboard</h1>
      <p className="muted">Your workspaces could not be loaded.</p>
      <Button variant="primary" size="lg" onClick={() => void router.invalidate()}>
        Try again
      </Button>
    </section>
  );
}
