import { createLazyRoute, Outlet } from "@tanstack/react-router";
import { AppSidebar } from "./app-sidebar.tsx";

export const Route = createLazyRoute("/_authenticated/dashboard")({ component: DashboardLayout });

function DashboardLayout() {
  return (
    <div className="app-shell">
      <AppSidebar />
      <main className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
