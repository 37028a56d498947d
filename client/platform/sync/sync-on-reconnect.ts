import type { Rep } from "./create-replicache.ts";

/**
 * After failed pushes Replicache backs off, doubling its wait up to a minute, so changes made
 * during a long offline spell could sit for that long once the network is back. The browser's
 * `online` event ends the wait: push and pull at once.
 */
export function syncOnReconnect(rep: Rep): () => void {
  const onOnline = () => {
    void rep.push({ now: true }).catch(() => undefined);
    void rep.pull({ now: true }).catch(() => undefined);
  };
  window.addEventListener("online", onOnline);
  return () => window.removeEventListener("online", onOnline);
}
