import type { Rep } from "./create-replicache.ts";
import { countPendingChanges } from "./pending-changes.ts";

/**
 * Before the store is deleted (sign-out): sends what is still pending and waits for the
 * server to confirm it. Returns how many changes are still unconfirmed and would be lost.
 */
export async function pushBeforeLeaving(rep: Rep): Promise<number> {
  const pending = () => countPendingChanges(rep);
  if ((await pending()) === 0) return 0;
  try {
    await rep.push({ now: true });
    // A pending change only counts as saved once a pull brings back its confirmation.
    await rep.pull({ now: true });
  } catch {
    // Offline or refused: what is left is counted below.
  }
  return pending();
}
