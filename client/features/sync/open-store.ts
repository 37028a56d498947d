import { toast } from "sonner";
import { closeBeforeSignOut } from "../../lib/sign-out.ts";
import { createReplicache, type Rep } from "./create-replicache.ts";
import { persistPromptly } from "./persist-promptly.ts";
import { listenForPokes } from "./poke.ts";
import { syncOnReconnect } from "./sync-on-reconnect.ts";
import { TaskStore } from "./task-store.ts";

/** A signed-in person's open store, kept live with pokes and persisted promptly. */
export type OpenStore = { rep: Rep; tasks: TaskStore; close: () => Promise<void> };

/** A store opened early that no screen has taken is closed after this long. */
const UNCLAIMED_MS = 15_000;

let early: { userId: string; store: OpenStore; timer: ReturnType<typeof setTimeout> } | undefined;

function openStore(userId: string): OpenStore {
  const rep = createReplicache(userId, () => {
    toast.info("A new version of Tasks is available", {
      duration: Infinity,
      action: { label: "Reload", onClick: () => window.location.reload() },
    });
  });
  const tasks = new TaskStore(rep);
  const stopPokes = listenForPokes(() => void rep.pull());
  const stopPersisting = persistPromptly(rep);
  const stopReconnecting = syncOnReconnect(rep);
  let closing: Promise<void> | undefined;
  // Sign-out closes the store before deleting its database.
  const close = () =>
    (closing ??= (async () => {
      stopWaitingForSignOut();
      stopPokes();
      stopPersisting();
      stopReconnecting();
      tasks.close();
      await rep.close();
    })());
  const stopWaitingForSignOut = closeBeforeSignOut(close);
  return { rep, tasks, close };
}

/**
 * Starts opening the store of the person this browser last had signed in, while the page is
 * still asking the server for the session and fetching the screen's code: reading a
 * 10,000-task store from IndexedDB is the longest step of a reload, and it need not wait for
 * either. Nothing is shown from it until the session is confirmed (`takeStore`).
 */
export function openStoreEarly(userId: string): void {
  if (early) return;
  const store = openStore(userId);
  const timer = setTimeout(() => {
    if (early?.store !== store) return;
    early = undefined;
    void store.close();
  }, UNCLAIMED_MS);
  early = { userId, store, timer };
}

/**
 * The store of the signed-in person: the one opened early when it is theirs, else a new one.
 * The caller owns it and closes it.
 */
export function takeStore(userId: string): OpenStore {
  const claimed = early;
  early = undefined;
  if (claimed) {
    clearTimeout(claimed.timer);
    if (claimed.userId === userId && !claimed.store.rep.closed) return claimed.store;
    void claimed.store.close();
  }
  return openStore(userId);
}
