import { ReplicacheImpl } from "replicache/impl";
import { SCHEMA_VERSION } from "../../../shared/schema-version.ts";
import { storeName } from "./store-database.ts";
import { pushingInBatches } from "./batched-push.ts";
import { createMutators } from "../../../shared/mutators/mutators.ts";

/**
 * `ReplicacheImpl` rather than the `Replicache` wrapper: the same store, plus `persist()` and
 * `refresh()`, which the app needs so that nothing typed offline is lost when the tab closes
 * and other tabs see a change at once rather than on Replicache's 0.5–1 s throttle.
 */
export type Rep = ReplicacheImpl<ReturnType<typeof createMutators>>;

/**
 * One store per signed-in person: the user id is in the name, so two accounts in one browser
 * never share data or push each other's mutations. Pokes drive pulls; the interval is a safety net.
 *
 * Replicache's own throttled persist is off: persist-promptly.ts persists after every change
 * and every sync. Both at once fail, since `persist()` asserts that it never overlaps itself,
 * and Replicache logs "Error during persist" whenever its own is the one that fails.
 */
export function createReplicache(userId: string, onUpdateNeeded: () => void): Rep {
  const rep = new ReplicacheImpl(
    {
      name: storeName(userId),
      schemaVersion: SCHEMA_VERSION,
      pushURL: "/api/replicache/push",
      pullURL: "/api/replicache/pull",
      mutators: createMutators(userId),
      pullInterval: 60_000,
      logLevel: "error",
    },
    { enableScheduledPersist: false },
  );
  // Default is location.reload(): a loop if the server still serves this build. Ask instead.
  rep.onUpdateNeeded = onUpdateNeeded;
  rep.pusher = pushingInBatches(rep.pusher);
  return rep;
}
