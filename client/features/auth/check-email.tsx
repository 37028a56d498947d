import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute("/auth/check-email")({ component: CheckEmail });

function CheckEmail() {
  const { email } = Route.useSearch();
  return (
    <>
      <h1>Check your email</h1>
      <p>
        We sent a link to <strong>{email}</strong>.
      </p>
    </>
  );
}
