import type { ReadTransaction } from "replicache";
import type { Rep } from "./create-replicache.ts";

/**
 * Lets one small read go first when a store opens, and starts the others (queries and
 * subscriptions) once it is in.
 *
 * Replicache's in-memory store loads a chunk from IndexedDB on a miss and does not share a load
 * under way with another read. A reload starts about thirty reads at once (the screen's
 * subscriptions, the tasks of the page's project, the relations, the undo history…), and each
 * loaded the B-tree's root and inner chunks itself: on the reloaded 800-task board, the root
 * was read 26 times and 273 IndexedDB requests were made for 75 chunks. Once one read has
 * brought the root and the inner chunks on its path into memory, the others find them there
 * (191 requests), and the board paints sooner.
 *
 * A watch (`experimentalWatch`) is not held back: it reads nothing until a change, and a change
 * made meanwhile must reach it.
 */
export function letFirstReadGoFirst(rep: Rep): void {
  const query = rep.query.bind(rep);
  const subscribe = rep.subscribe.bind(rep);
  let first: Promise<unknown> | null = query((tx) => tx.scan({ limit: 1 }).keys().toArray());
  const done = () => {
    first = null;
  };
  first.then(done, done);

  rep.query = <R>(body: (tx: ReadTransaction) => Promise<R> | R): Promise<R> => {
    if (!first) return query(body);
    // The first read's failure (the store closed) is the next one's to find.
    const run = () => query(body);
    return first.then(run, run);
  };

  rep.subscribe = (...args: Parameters<Rep["subscribe"]>) => {
    if (!first) return subscribe(...args);
    let stop: (() => void) | undefined;
    let stopped = false;
    const start = () => {
      if (!stopped) stop = subscribe(...args);
    };
    first.then(start, start);
    return () => {
      stopped = true;
      stop?.();
    };
  };
}
