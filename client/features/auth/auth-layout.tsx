import { createLazyRoute, Outlet } from "@tanstack/react-router";

export const Route = createLazyRoute("/auth")({ component: AuthLayout });

function AuthLayout() {
  return (
    <main className="auth-screen">
      <div className="auth-card">
        <p className="brand">Tasks</p>
        <Outlet />
      </div>
    </main>
  );
}
