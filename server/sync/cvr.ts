/**
 * The small part of a client view record that is diffed by version: better-auth's rows
 * (workspaces, members) and the notices, keyed by full Replicache key → version. Versions are
 * md5 hashes of the synced fields, compared with !== only. Product rows are not listed: the
 * record's snapshot tells which of them changed since (pull.ts).
 */

type CvrEntries = Record<string, string>;

/** Keys to put (new or changed version) and keys to delete (gone or out of scope). */
export function diffCvr(
  previous: CvrEntries,
  next: CvrEntries,
): { puts: string[]; dels: string[] } {
  const puts = Object.keys(next).filter((key) => previous[key] !== next[key]);
  const dels = Object.keys(previous).filter((key) => !Object.hasOwn(next, key));
  return { puts, dels };
}

/** The clients whose lastMutationID differs from what the record last told the group. */
export function changedMutationIds(
  previous: Record<string, number>,
  next: Record<string, number>,
): Record<string, number> {
  return Object.fromEntries(Object.entries(next).filter(([id, lmid]) => previous[id] !== lmid));
}
