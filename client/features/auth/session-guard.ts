import { redirect, type ParsedLocation } from "@tanstack/react-router";
import { loadSession, loadSessionOptimistically } from "../../platform/session/session-store.ts";

/**
 * The signed-in area's `beforeLoad`: without a session, sign in first and come back here. A
 * browser that knows its session goes on at once while the server confirms it.
 */
export async function requireSession({ location }: { location: ParsedLocation }): Promise<void> {
  if (await loadSessionOptimistically()) return;
  throw redirect({ to: "/auth/sign-in", search: { redirect: location.href } });
}

/** The signed-out screens' `beforeLoad`: a visitor with a session has nothing to do there. */
export async function redirectSignedIn(): Promise<void> {
  if (await loadSession()) throw redirect({ to: "/dashboard" });
}
