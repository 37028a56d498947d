import { useEffect, useState } from "react";
import { countPendingChanges } from "../sync/pending-changes.ts";
import { useRep } from "../sync/replicache-provider.tsx";

const PENDING_POLL_MS = 1000;

/**
 * Says plainly when the app is offline and how many changes wait to reach the server;
 * shows nothing when everything is synced. Replicache has no event for pending changes,
 * so the count is read after every sync and on a short timer.
 */
export function SyncStatus() {
  const rep = useRep();
  const [online, setOnline] = useState(() => navigator.onLine);
  const [pending, setPending] = useState(0);

  useEffect(() => {
    let stopped = false;
    const count = async () => {
      // Sign-out closes the store before this screen unmounts: nothing is left to count.
      if (stopped || rep.closed) return;
      try {
        const changes = await countPendingChanges(rep);
        if (!stopped) setPending(changes);
      } catch (error) {
        if (!rep.closed) throw error;
      }
    };
    const update = () => {
      setOnline(navigator.onLine && rep.online);
      void count();
    };
    rep.onOnlineChange = update;
    rep.onSync = (syncing) => {
      if (!syncing) update();
    };
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    const timer = setInterval(update, PENDING_POLL_MS);
    update();
    return () => {
      stopped = true;
      clearInterval(timer);
      rep.onOnlineChange = null;
      rep.onSync = null;
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, [rep]);

  if (online && pending === 0) return null;
  const changes = `${pending} ${pending === 1 ? "change" : "changes"} not synced`;
  return (
    <div className="sync-status" role="status" aria-live="polite" data-online={online}>
      <span className="sync-status-dot" aria-hidden="true" />
      {online ? `Syncing… ${changes}` : pending > 0 ? `Offline · ${changes}` : "Offline"}
    </div>
  );
}
