import { createLazyRoute, Link } from "@tanstack/react-router";

/** better-auth redirects failed sign-ins and verifications here with an `error` code. */
export const Route = createLazyRoute("/auth/error")({ component: AuthError });

function AuthError() {
  const { error } = Route.useSearch();
  return (
    <>
      <h1>Authentication Error</h1>
      <p>
        Error code: <code>{error ?? "unknown"}</code>
      </p>
      <Link to="/dashboard">Back to the app</Link>
    </>
  );
}
