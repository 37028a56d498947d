import { useSyncExternalStore } from "react";
import type { Puller, PullerResult, PullRequestV1 } from "replicache";

/**
 * Whether the store is still receiving its first sync: from the first pull of an empty store
 * (cookie null) until the response that says no more pages are coming. A failed page leaves
 * it loading, since the store is still incomplete. One store is open at a time.
 */
let firstSync = false;
const listeners = new Set<() => void>();

function setFirstSync(value: boolean) {
  if (firstSync === value) return;
  firstSync = value;
  for (const listener of listeners) listener();
}

export function useFirstSync(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => firstSync,
  );
}

/**
 * A first pull of a large scope comes in pages (server/sync/pull.ts): while a response's
 * cookie says `more`, ask for the next page at once. `now` skips the wait for a hidden tab to
 * be shown. Replicache keeps one pull in flight and applies a page before it asks for the
 * next, so the next page is fetched ahead, while this one is being applied: when Replicache
 * then asks with the cookie it was handed, the answer is already on its way. A prefetched
 * answer for another request (the store was reset, say) is dropped. A page that fails leaves
 * the cookie where it was, and the next pull, whatever starts it (a poke, going back online,
 * the interval), continues from there.
 */
export function pullingEveryPage(
  rep: { pull(options?: { now?: boolean }): Promise<void> },
  puller: Puller,
): Puller {
  let ahead: { request: string; result: Promise<PullerResult> } | undefined;
  return async (request, requestID) => {
    // Pull requests carry a cookie (push requests do not): null in an empty store.
    if ("cookie" in request && (request.cookie === null || hasMore(request))) {
      setFirstSync(true);
    }
    const prefetched = ahead?.request === JSON.stringify(request) ? ahead.result : undefined;
    ahead = undefined;
    const result = await (prefetched ?? puller(request, requestID)).catch((error: unknown) => {
      if (prefetched) return puller(request, requestID);
      throw error;
    });
    const response = result.response;
    if (hasMore(response) && request.pullVersion === 1 && response && "cookie" in response) {
      // hasMore checked that the cookie is the server's `{order, cvrId, more}` object.
      const next: PullRequestV1 = {
        ...request,
        cookie: response.cookie as PullRequestV1["cookie"],
      };
      const nextResult = puller(next, `${requestID}-next`);
      // Not awaited until Replicache asks; a failure then is retried by that request.
      nextResult.catch(() => undefined);
      ahead = { request: JSON.stringify(next), result: nextResult };
      void rep.pull({ now: true }).catch(() => undefined);
    } else if (response && "cookie" in response) {
      setFirstSync(false);
    }
    return result;
  };
}

function hasMore(body: unknown): boolean {
  if (typeof body !== "object" || body === null || !("cookie" in body)) return false;
  const cookie = body.cookie;
  return typeof cookie === "object" && cookie !== null && "more" in cookie && cookie.more === true;
}
