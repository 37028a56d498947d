import { afterNextPaint } from "../../lib/after-paint.ts";
import type { Rep } from "./create-replicache.ts";

/** After colliding with Replicache's own persist, which may take a while on a large store. */
const RETRY_DELAY_MS = 50;

/**
 * Replicache writes its memory to IndexedDB on a 0.5–1 s throttle and has no flush on unload,
 * so a change made offline and followed at once by closing the tab would be lost. Persist
 * just after the frame that shows a commit (persisting a 10,000-task store reads and writes
 * hundreds of IndexedDB records, which would otherwise delay that frame by tens of ms), and
 * when the page is hidden, then tell the other tabs of this
 * store to refresh from IndexedDB, so they show the change without waiting for the throttle.
 * refresh() itself sleeps a fixed 300 ms inside Replicache 15.3 before applying, so another
 * tab shows a change about 0.4 s after it was made (measured in e2e/tabs.spec.ts); that sleep
 * is the floor.
 */
export function persistPromptly(rep: Rep): () => void {
  const channel = new BroadcastChannel(`${rep.idbName}-persisted`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelScheduled: (() => void) | undefined;
  let closed = false;

  let running: Promise<void> | undefined;
  let again = false;

  // Replicache asserts that persist() never overlaps itself, and its own throttled persist
  // calls it too: ours run one at a time, and one that collides is retried shortly.
  const persistNow = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    cancelScheduled?.();
    cancelScheduled = undefined;
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        await rep.persist();
        if (!closed) channel.postMessage("persisted");
      } catch {
        if (!closed) timer = setTimeout(() => void persistNow(), RETRY_DELAY_MS);
      } finally {
        running = undefined;
        if (again) {
          again = false;
          void persistNow();
        }
      }
    })();
    return running;
  };
  const schedule = () => {
    cancelScheduled ??= afterNextPaint(() => void persistNow());
  };

  const stopWatching = rep.experimentalWatch(schedule);
  channel.onmessage = () => void rep.refresh().catch(() => undefined);
  const onHide = () => {
    if (document.visibilityState === "hidden") void persistNow();
  };
  document.addEventListener("visibilitychange", onHide);
  window.addEventListener("pagehide", onHide);

  return () => {
    closed = true;
    clearTimeout(timer);
    cancelScheduled?.();
    stopWatching();
    channel.close();
    document.removeEventListener("visibilitychange", onHide);
    window.removeEventListener("pagehide", onHide);
  };
}
