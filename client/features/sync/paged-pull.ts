import type { Puller } from "replicache";

/**
 * Whether the store is still receiving its first sync: from the first pull of an empty store
 * (cookie null) until the response that says no more pages are coming. A failed page leaves
 * it loading, since the store is still incomplete.
 */
export type FirstSync = {
  loading(): boolean;
  subscribe(listener: () => void): () => void;
};

type FirstSyncState = FirstSync & { set(loading: boolean): void };

const firstSyncs = new WeakMap<object, FirstSyncState>();

/** The first-sync state of a store whose puller is `pullingEveryPage`. */
export function firstSyncOf(rep: object): FirstSync {
  return firstSyncState(rep);
}

function firstSyncState(rep: object): FirstSyncState {
  let state = firstSyncs.get(rep);
  if (!state) {
    let loading = false;
    const listeners = new Set<() => void>();
    state = {
      loading: () => loading,
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      set(next) {
        if (next === loading) return;
        loading = next;
        for (const listener of listeners) listener();
      },
    };
    firstSyncs.set(rep, state);
  }
  return state;
}

/**
 * A first pull of a large scope comes in pages (server/sync/pull.ts): while a response's
 * cookie says `more`, ask for the next page at once. `now` skips the wait for a hidden tab to
 * be shown. The next pull starts once this one is applied: Replicache keeps one pull in flight
 * and spaces pulls at least 30 ms apart from their starts, less than a page takes. A page that
 * fails leaves the cookie where it was, and the next pull, whatever starts it (a poke, going
 * back online, the interval), continues from there.
 */
export function pullingEveryPage(
  rep: { pull(options?: { now?: boolean }): Promise<void> },
  puller: Puller,
): Puller {
  const firstSync = firstSyncState(rep);
  return async (request, requestID) => {
    // Pull requests carry a cookie (push requests do not): null in an empty store.
    if ("cookie" in request && (request.cookie === null || hasMore(request))) {
      firstSync.set(true);
    }
    const result = await puller(request, requestID);
    const more = hasMore(result.response);
    if (more) void rep.pull({ now: true }).catch(() => undefined);
    else if (result.response && "cookie" in result.response) firstSync.set(false);
    return result;
  };
}

function hasMore(body: unknown): boolean {
  if (typeof body !== "object" || body === null || !("cookie" in body)) return false;
  const cookie = body.cookie;
  return typeof cookie === "object" && cookie !== null && "more" in cookie && cookie.more === true;
}
