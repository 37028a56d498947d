import { redirect } from "@tanstack/react-router";
import { loadSession } from "../../platform/session/session-store.ts";

/** Profile setup's `beforeLoad`: someone who already has a name goes on to the dashboard. */
export async function skipProfileSetupWhenNamed(): Promise<void> {
  const session = await loadSession();
  if (session?.user.name.trim()) throw redirect({ to: "/dashboard" });
}
