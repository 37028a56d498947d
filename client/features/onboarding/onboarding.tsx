import { createLazyRoute } from "@tanstack/react-router";
import { CreateWorkspaceForm } from "../../platform/session/create-workspace-form.tsx";
import { Logo } from "../../ui/logo.tsx";

export const Route = createLazyRoute("/_authenticated/onboarding")({ component: Onboarding });

function Onboarding() {
  return (
    <main className="auth-screen">
      <div className="auth-card">
        <p className="brand">
          <Logo withName />
        </p>
        <h1>Create your first workspace</h1>
        <p>
          A workspace holds your projects and the people you work with. You can rename it later.
        </p>
        <CreateWorkspaceForm submitLabel="Create workspace" />
      </div>
    </main>
  );
}
