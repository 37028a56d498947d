import type { Rep } from "./create-replicache.ts";

const PERSIST_DELAY_MS = 20;

/**
 * Replicache writes its memory to IndexedDB on a 0.5–1 s throttle and has no flush on unload,
 * so a change made offline and followed at once by closing the tab would be lost. Persist
 * shortly after every commit and when the page is hidden, then tell the other tabs of this
 * store to refresh from IndexedDB, so they show the change without waiting for the throttle.
 */
export function persistPromptly(rep: Rep): () => void {
  const channel = new BroadcastChannel(`${rep.idbName}-persisted`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const persistNow = async () => {
    clearTimeout(timer);
    timer = undefined;
    if (closed) return;
    await rep.persist();
    if (!closed) channel.postMessage("persisted");
  };
  const schedule = () => {
    timer ??= setTimeout(() => void persistNow(), PERSIST_DELAY_MS);
  };

  const stopWatching = rep.experimentalWatch(schedule);
  channel.onmessage = () => void rep.refresh();
  const onHide = () => {
    if (document.visibilityState === "hidden") void persistNow();
  };
  document.addEventListener("visibilitychange", onHide);
  window.addEventListener("pagehide", onHide);

  return () => {
    closed = true;
    clearTimeout(timer);
    stopWatching();
    channel.close();
    document.removeEventListener("visibilitychange", onHide);
    window.removeEventListener("pagehide", onHide);
  };
}
