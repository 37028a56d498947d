import type { Puller } from "replicache";

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
  return async (request, requestID) => {
    const result = await puller(request, requestID);
    if (hasMore(result.response)) void rep.pull({ now: true }).catch(() => undefined);
    return result;
  };
}

function hasMore(response: unknown): boolean {
  if (typeof response !== "object" || response === null || !("cookie" in response)) return false;
  const cookie = response.cookie;
  return typeof cookie === "object" && cookie !== null && "more" in cookie && cookie.more === true;
}
