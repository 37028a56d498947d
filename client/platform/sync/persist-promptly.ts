import { afterNextPaint } from "../browser/after-paint.ts";
import type { Rep } from "./create-replicache.ts";
import type { SyncState } from "./sync-state.ts";

/**
 * Every persist of the store to IndexedDB, Replicache's own throttled one being off
 * (create-replicache.ts). Replicache has no flush on unload, so a change made offline and
 * followed at once by closing the tab would be lost on its 0.5–1 s throttle. Persist just after
 * the frame that shows a change (persisting a 10,000-task store reads and writes hundreds of
 * IndexedDB records, which would otherwise delay that frame by tens of ms), after every pull
 * (one that confirms pending changes without changing a value shows no change), and when
 * the page is hidden; then tell the other tabs of this store to refresh from IndexedDB, so they
 * show the change without waiting. refresh() itself sleeps a fixed 300 ms inside Replicache
 * 15.3 before applying, so another tab shows a change about 0.4 s after it was made (measured
 * in e2e/tabs.spec.ts); that sleep is the floor.
 *
 * `flush` persists what is not yet persisted: closing a store after it loses nothing.
 */
export function persistPromptly(
  rep: Rep,
  sync: SyncState,
): { flush: () => Promise<void>; stop: () => void } {
  const channel = new BroadcastChannel(`${rep.idbName}-persisted`);
  let cancelScheduled: (() => void) | undefined;
  let closed = false;

  let running: Promise<void> | undefined;
  let again = false;
  /** A change arrived since the last persist started. */
  let dirty = false;

  // Replicache asserts that persist() never overlaps itself: one at a time, and a request made
  // while one runs makes one more run after it.
  const persistNow = (): Promise<void> => {
    cancelScheduled?.();
    cancelScheduled = undefined;
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      dirty = false;
      try {
        await rep.persist();
        if (!dirty) sync.unsaved(false);
        if (!closed) channel.postMessage("persisted");
      } finally {
        running = undefined;
      }
      if (again) {
        again = false;
        await persistNow();
      }
    })();
    return running;
  };
  const schedule = () => {
    if (closed) return;
    cancelScheduled ??= afterNextPaint(() => void persistNow());
  };
  // Offline, IndexedDB holds the only copy of a change: write it at once, a frame sooner, so
  // closing the tab right after the change shows cannot outrun it.
  const onChange = () => {
    if (closed) return;
    dirty = true;
    sync.unsaved(true);
    if (navigator.onLine) schedule();
    else void persistNow();
  };

  const stopWatching = rep.experimentalWatch(onChange);
  const stopFollowingSyncs = sync.onSyncEnd((pulled) => {
    if (pulled) schedule();
  });
  channel.onmessage = () => void rep.refresh().catch(() => undefined);
  const onHide = () => {
    if (document.visibilityState === "hidden") void persistNow();
  };
  // A tab being closed may still be "visible" when pagehide fires.
  const onPageHide = () => void persistNow();
  document.addEventListener("visibilitychange", onHide);
  window.addEventListener("pagehide", onPageHide);

  const stop = () => {
    closed = true;
    cancelScheduled?.();
    stopWatching();
    stopFollowingSyncs();
    channel.close();
    document.removeEventListener("visibilitychange", onHide);
    window.removeEventListener("pagehide", onPageHide);
  };
  return { flush: persistNow, stop };
}
