/**
 * Client view records: what a client group was sent, as full Replicache key → row version.
 * Keyed by the full key, so a row whose key changes is a del of the old key and a put of the
 * new one. Versions are opaque strings compared with !== (row counters for our tables, md5
 * content hashes for better-auth's rows), never ordered. Stored in Postgres (data.ts) so any
 * server instance can answer any pull; pull.ts keeps the newest few per group.
 */

export type CvrEntries = Record<string, string>;

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
