import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute("/_authenticated/dashboard/settings/account/preferences")({
  component: AccountPreferences,
});

function AccountPreferences() {
  return (
    <section className="page">
      <h1>Preferences</h1>
    </section>
  );
}
