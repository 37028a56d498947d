import { Link } from "@tanstack/react-router";
import { buttonProps } from "../ui/button.tsx";

/** Rendered by the deepest matched route, so inside the app shell it must not be a <main>. */
export function NotFoundPage() {
  return (
    <div className="status-screen">
      <h1>Page not found</h1>
      <p>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <Link to="/dashboard" {...buttonProps({ variant: "primary", size: "lg" })}>
        Go to dashboard
      </Link>
    </div>
  );
}
