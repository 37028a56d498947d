import type { Rep } from "./create-replicache.ts";
import type { PullProgress } from "./paged-pull.ts";
import { hasMore } from "./pull-cookie.ts";

/** What the open store knows of its own sync, beyond the data it holds. */
type SyncSnapshot = {
  /** An empty (or half-filled) store is receiving its first sync, page by page. */
  readonly firstSync: boolean;
  /**
   * The store holds a whole sync from an earlier visit (its cookie is a complete one); undefined
   * until the stored cookie has been read.
   */
  readonly stored: boolean | undefined;
  /** The last request reached the server (Replicache's `online`). */
  readonly online: boolean;
  /** How many pulls have started since the store opened. */
  readonly pullsStarted: number;
  /**
   * The number (counted as in `pullsStarted`) of the latest pull that brought the whole scope
   * and whose changes are in the store: what the store lacks now, that pull did not have.
   */
  readonly pulledThrough: number;
  /** Every local change is written to IndexedDB (persist-promptly.ts), so a closed tab keeps it. */
  readonly savedLocally: boolean;
};

/**
 * Follows one store's sync for the screens: whether a first sync is running, whether the store
 * reaches the server, and which pulls have landed, so that a screen can tell "not there" from
 * "not here yet". It owns Replicache's `onSync` and `onOnlineChange` (one callback each) and
 * passes them on. Read it through `useSyncExternalStore` with a selector that returns a
 * primitive: a snapshot changes with every pull.
 */
export class SyncState implements PullProgress {
  private snapshot: SyncSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly syncEndListeners = new Set<(pulled: boolean) => void>();
  /** The latest complete pull that answered; it counts once Replicache has applied it. */
  private answered = 0;
  /** `pullsStarted` when the last sync ended: more since then means a pull was part of this one. */
  private pullsAtLastEnd = 0;

  constructor(rep: Rep) {
    this.snapshot = {
      firstSync: false,
      stored: undefined,
      online: rep.online,
      pullsStarted: 0,
      pulledThrough: 0,
      savedLocally: true,
    };
    rep.onOnlineChange = (online) => this.update({ online });
    // Replicache calls this once it has applied a pull's patch and fired the subscriptions (and
    // when a push ends): a screen that reads the store now sees what that pull brought.
    rep.onSync = (syncing) => {
      if (syncing) return;
      if (this.answered > this.snapshot.pulledThrough) {
        this.update({ pulledThrough: this.answered });
      }
      const pulled = this.snapshot.pullsStarted !== this.pullsAtLastEnd;
      this.pullsAtLastEnd = this.snapshot.pullsStarted;
      for (const listener of this.syncEndListeners) listener(pulled);
    };
    rep.cookie.then(
      (cookie) => this.update({ stored: cookie !== null && !hasMore(cookie) }),
      // Closed before it opened: nothing was stored that a screen will read.
      () => this.update({ stored: false }),
    );
  }

  readonly get = (): SyncSnapshot => this.snapshot;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * After every pull or push that Replicache has finished applying; `pulled` when a pull was
   * part of it (a push alone changes nothing in the store).
   */
  onSyncEnd(listener: (pulled: boolean) => void): () => void {
    this.syncEndListeners.add(listener);
    return () => this.syncEndListeners.delete(listener);
  }

  pullStarted(firstSync: boolean): number {
    const pull = this.snapshot.pullsStarted + 1;
    this.update({ pullsStarted: pull, firstSync: firstSync || this.snapshot.firstSync });
    return pull;
  }

  pullCompleted(pull: number): void {
    this.answered = Math.max(this.answered, pull);
    this.update({ firstSync: false });
  }

  /** A local change not yet in IndexedDB (true), or every change written (false). */
  unsaved(pending: boolean): void {
    this.update({ savedLocally: !pending });
  }

  private update(change: Partial<SyncSnapshot>) {
    const next = { ...this.snapshot, ...change };
    const previous = this.snapshot;
    if (
      next.firstSync === previous.firstSync &&
      next.stored === previous.stored &&
      next.online === previous.online &&
      next.pullsStarted === previous.pullsStarted &&
      next.pulledThrough === previous.pulledThrough &&
      next.savedLocally === previous.savedLocally
    ) {
      return;
    }
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}
