import type { Rep } from "./create-replicache.ts";

/**
 * How many local changes the server has not confirmed yet. Replicache's
 * `experimentalPendingMutations` reads the in-memory store without waiting for it to open
 * ("Missing head main" right after a page load), so wait for that first: `query` does.
 */
export async function countPendingChanges(rep: Rep): Promise<number> {
  await rep.query(() => null);
  return (await rep.experimentalPendingMutations()).length;
}
