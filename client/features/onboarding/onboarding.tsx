import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute("/_authenticated/onboarding")({ component: Onboarding });

function Onboarding() {
  return (
    <section className="page">
      <h1>Create your first workspace</h1>
    </section>
  );
}
