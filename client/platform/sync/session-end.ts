import { PullError } from "replicache";
import type { Rep } from "./create-replicache.ts";

const UNAUTHORIZED = 401;

/**
 * The sync endpoints answer 401 once the session has ended (revoked from another device,
 * expired) while the app is open. Replicache would go on retrying with a growing backoff, each
 * attempt another 401 in the console, so the first one calls `onEnded` (once), which closes the
 * store and sends the person to sign in again, and from then on no request leaves: until the
 * store has closed, a pull fails as if offline (Replicache's PullError) and a push fails
 * (Replicache keeps it pending). Nothing is deleted: the store keeps its pending changes, and
 * pushes them once the same person has signed in again.
 */
export function endSyncWithSession(rep: Rep, onEnded: () => void): void {
  let ended = false;
  const check = (status: number) => {
    if (status !== UNAUTHORIZED || ended) return;
    ended = true;
    // After Replicache has taken this response: a store closed under a request fails it loudly.
    setTimeout(onEnded, 0);
  };
  const sessionEnded = () => new Error("The session has ended");
  const { puller, pusher } = rep;
  rep.puller = async (request, requestID) => {
    if (ended) throw new PullError(sessionEnded());
    const result = await puller(request, requestID);
    check(result.httpRequestInfo.httpStatusCode);
    return result;
  };
  rep.pusher = async (request, requestID) => {
    if (ended) throw sessionEnded();
    const result = await pusher(request, requestID);
    check(result.httpRequestInfo.httpStatusCode);
    return result;
  };
}
