import { useEffect, useMemo, useSyncExternalStore } from "react";
import { useOnline } from "../browser/use-online.ts";
import { useSync } from "./replicache-provider.tsx";

/**
 * What a screen may say about something it looked up and the store does not have (`missing`):
 * - `checking`: not yet known. The store may simply not have it yet (a first sync still on its
 *   way, a workspace created or joined a moment ago), so a pull is asked for, and the answer is
 *   final once a pull that started after the lookup has landed.
 * - `not-found`: that pull did not bring it; or, offline, the store's last sync did not have it.
 * - `offline`: offline, and this browser never finished a sync: it cannot know.
 * While the thing is there (`missing` false) the answer is `checking` and means nothing.
 */
type Absence = "checking" | "not-found" | "offline";

export function useAbsence(missing: boolean): Absence {
  const { rep, sync } = useSync();
  const browserOnline = useOnline();
  // The pulls started before the lookup came up empty; the next one started settles it.
  const startedBefore = useMemo(() => (missing ? sync.get().pullsStarted : null), [missing, sync]);
  useEffect(() => {
    if (startedBefore === null) return;
    rep.pull({ now: true }).catch((error: unknown) => {
      if (!rep.closed) throw error;
    });
  }, [rep, startedBefore]);

  return useSyncExternalStore(sync.subscribe, (): Absence => {
    if (startedBefore === null) return "checking";
    const { pulledThrough, online, stored } = sync.get();
    if (pulledThrough > startedBefore) return "not-found";
    if (browserOnline && online) return "checking";
    if (stored === undefined) return "checking";
    return stored || pulledThrough > 0 ? "not-found" : "offline";
  });
}
