import { useEffect, useState, useSyncExternalStore } from "react";
import { useOnline } from "../../platform/browser/use-online.ts";
import { countPendingChanges } from "../../platform/sync/pending-changes.ts";
import { useSync } from "../../platform/sync/replicache-provider.tsx";

const PENDING_POLL_MS = 1000;
const FIRST_SYNC_NOTICE_MS = 500;

/**
 * Says plainly when the app is offline, how many changes wait to reach the server, and that a
 * first sync is still bringing data (a large workspace comes in pages, and the board paints
 * from the first); shows nothing when everything is synced. Replicache has no event for
 * pending changes, so the count is read after every sync and on a short timer.
 */
export function SyncStatus() {
  const { rep, sync } = useSync();
  const browserOnline = useOnline();
  const reachesServer = useSyncExternalStore(sync.subscribe, () => sync.get().online);
  const online = browserOnline && reachesServer;
  const [pending, setPending] = useState(0);
  const loading = useSyncExternalStore(sync.subscribe, () => sync.get().firstSync);
  const savedLocally = useSyncExternalStore(sync.subscribe, () => sync.get().savedLocally);
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
    const update = () => void count();
    const stopFollowingSyncs = sync.onSyncEnd(update);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    const timer = setInterval(update, PENDING_POLL_MS);
    update();
    return () => {
      stopped = true;
      clearInterval(timer);
      stopFollowingSyncs();
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, [rep, sync]);

  if (online && pending === 0 && !showLoading) return null;
  const changes = `${pending} ${pending === 1 ? "change" : "changes"} not synced`;
  // Offline, the device holds the only copy: "not synced" is said once it is written there.
  const text = !online
    ? !savedLocally
      ? "Offline · saving on this device…"
      : pending > 0
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
