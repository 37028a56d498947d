import { Replicache } from "replicache";
import { createMutators } from "../../../shared/mutators.ts";
import { SCHEMA_VERSION } from "../../../shared/schema-version.ts";

export type Rep = Replicache<ReturnType<typeof createMutators>>;

/**
 * One store per signed-in person: the user id is in the name, so two accounts in one browser
 * never share data or push each other's mutations. Pokes drive pulls; the interval is a safety net.
 */
export function createReplicache(userId: string, onUpdateNeeded: () => void): Rep {
  const rep = new Replicache({
    name: `tasks-${userId}`,
    schemaVersion: SCHEMA_VERSION,
    pushURL: "/api/replicache/push",
    pullURL: "/api/replicache/pull",
    mutators: createMutators(userId),
    pullInterval: 60_000,
    logLevel: "error",
  });
  // Default is location.reload(): a loop if the server still serves this build. Ask instead.
  rep.onUpdateNeeded = onUpdateNeeded;
  return rep;
}
