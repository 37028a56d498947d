import { Link } from "@tanstack/react-router";

/** Rendered by the deepest matched route, so inside the app shell it must not be a <main>. */
export function NotFoundPage() {
  return (
    <div className="status-screen">
      <h1>Page not found</h1>
      <p>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <Link to="/dashboard" className="button button-primary">
        Go to dashboard
      </Link>
    </div>
  );
}
