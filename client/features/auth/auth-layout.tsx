import { createLazyRoute, Outlet } from "@tanstack/react-router";
import { OfflineNotice } from "../../platform/browser/offline-notice.tsx";
import { Logo } from "../../ui/logo.tsx";

export const Route = createLazyRoute("/auth")({ component: AuthLayout });

function AuthLayout() {
  return (
    <main className="auth-screen">
      <div className="auth-card">
        <p className="brand">
          <Logo withName />
        </p>
        <OfflineNotice need="Signing in needs a network connection." />
        <Outlet />
      </div>
    </main>
  );
}
