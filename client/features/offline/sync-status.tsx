import { useEffect, useState } from "react";
import { useFirstSync } from "../sync/paged-pull.ts";
import { countPendingChanges } from "../sync/pending-changes.ts";
import { useRep } from "../sync/replicache-provider.tsx";

const PENDING_POLL_MS = 1000;
const FIRST_SYNC_NOTICE_MS = 500;

/**
 * Says plainly when the app is offline, how many changes wait to reach the server, and that a
 * first sync is still bringing data (a large workspace comes in pages, and the board paints
 * from the first); shows nothing when everything is synced. Replicache has no event for
 * pending changes, so the count is read after every sync and on a short timer.
 */
export function SyncStatus() {
  const rep = useRep();
  const [online, setOnline] = useState(() => navigator.onLine);
  const [pending, setPending] = useState(0);
  const loading = useFirstSync();
  // Only a first sync long enough to notice is announced: a small workspace arrives at once.
  const [showLoading, setShowLoading] = useState(false);
  useEffect(() => {
    if (!loading) {
      setShowLoading(false);
      return;
    }
    const timer = setTimeout(() => setShowLoading(true), FIRST_SYNC_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [loading]);

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

  if (online && pending === 0 && !showLoading) return null;
  const changes = `${pending} ${pending === 1 ? "change" : "changes"} not synced`;
  const text = !online
    ? pending > 0
      ? `Offline · ${changes}`
      : "Offline"
    : pending > 0
      ? `Syncing… ${changes}`
      : "Loading your workspaces…";
  return (
    <div
      className="sync-status"
      role="status"
      aria-live="polite"
      data-online={online}
      data-first-sync={showLoading || undefined}
    >
      <span className="sync-status-dot" aria-hidden="true" />
      {text}
    </div>
  );
}
