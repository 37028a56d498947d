import { toast } from "sonner";
import { onSessionEnded } from "../platform/session/session-store.ts";
import type { router as appRouter } from "./router.tsx";

/**
 * When the server ends the session while the app is open (revoked from another device,
 * expired), or answers a reload that opened from the session this browser knew that it is
 * gone: sign in again, and come back here. The store has closed with the person's changes kept
 * in it; back here it opens again and sends them.
 */
export function signInWhenSessionEnds(router: typeof appRouter): () => void {
  return onSessionEnded(() => {
    const here = `${window.location.pathname}${window.location.search}`;
    void router.navigate({ to: "/auth/sign-in", search: { redirect: here } }).then(() =>
      toast.warning("Your session has ended", {
        id: "session-ended",
        description: "Sign in again to go on. Changes not yet saved are kept in this browser.",
      }),
    );
  });
}
