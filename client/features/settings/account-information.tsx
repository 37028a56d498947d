import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute("/_authenticated/dashboard/settings/account/information")({
  component: AccountInformation,
});

function AccountInformation() {
  return (
    <section className="page">
      <h1>Account information</h1>
    </section>
  );
}
