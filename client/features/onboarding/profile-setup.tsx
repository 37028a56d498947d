import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute("/_authenticated/profile-setup")({ component: ProfileSetup });

function ProfileSetup() {
  return (
    <section className="page">
      <h1>Set up your profile</h1>
    </section>
  );
}
