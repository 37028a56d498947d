import { Link, useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import { Button, buttonProps } from "../ui/button.tsx";

/**
 * A route chunk that no longer exists on the server (a new deploy while this tab was open)
 * or could not be fetched. Vite reports it as a `vite:preloadError` event and rejects the
 * import; the messages differ by browser (Chromium, Firefox, Safari, Vite's CSS preload).
 */
const chunkLoadFailure =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && chunkLoadFailure.test(error.message);
}

export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();

  if (isChunkLoadError(error)) {
    return (
      <main className="status-screen" role="alert">
        <h1>This page could not be loaded</h1>
        <p>
          A new version of the app may have been released, or the connection dropped. Reload to get
          the latest version.
        </p>
        <Button variant="primary" size="lg" onClick={reloadPage}>
          Reload
        </Button>
      </main>
    );
  }

  const tryAgain = () => {
    reset();
    void router.invalidate();
  };

  return (
    <main className="status-screen" role="alert">
      <h1>Something went wrong</h1>
      <p className="status-detail">
        {(error instanceof Error && error.message) || "An unexpected error occurred."}
      </p>
      <div className="status-actions">
        <Button variant="primary" size="lg" onClick={tryAgain}>
          Try again
        </Button>
        {/* A full load: after an unexpected error, in-memory state may be what broke. */}
        <Link to="/dashboard" {...buttonProps({ size: "lg" })} reloadDocument>
          Go to dashboard
        </Link>
      </div>
    </main>
  );
}

function reloadPage() {
  window.location.reload();
}
