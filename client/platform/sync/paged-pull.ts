import type { Puller, PullerResult, PullRequestV1 } from "replicache";
import { hasMore } from "./pull-cookie.ts";

/** Who follows the pulls (sync-state.ts): each one as it starts, and which ones brought everything. */
export type PullProgress = {
  /**
   * A pull is sent; `firstSync` when the store is empty or half-filled (its cookie is null, or
   * says the server has more). Returns the pull's number.
   */
  pullStarted(firstSync: boolean): number;
  /** The server answered pull `pull` with the last of the scope: no more pages are coming. */
  pullCompleted(pull: number): void;
};

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
  progress: PullProgress,
): Puller {
  let ahead: { request: string; result: Promise<PullerResult> } | undefined;
  return async (request, requestID) => {
    // The cookie is null in an empty store.
    const pull = progress.pullStarted(request.cookie === null || hasMore(request.cookie));
    const prefetched = ahead?.request === JSON.stringify(request) ? ahead.result : undefined;
    ahead = undefined;
    const result = await (prefetched ?? puller(request, requestID)).catch((error: unknown) => {
      if (prefetched) return puller(request, requestID);
      throw error;
    });
    const response = result.response;
    if (response && "cookie" in response && hasMore(response.cookie) && request.pullVersion === 1) {
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
      progress.pullCompleted(pull);
    }
    return result;
  };
}
