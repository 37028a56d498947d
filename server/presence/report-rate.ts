/**
 * How many presence reports one session may send, on one instance: a token bucket per session.
 * A tab sends a heartbeat every 2 s and a report at each change (throttled to one per 150 ms by
 * the client), so a bucket of 30 refilled at 10 a second leaves room for a few busy tabs and
 * stops a loop or a script. Per instance, in memory: behind a load balancer a session may get
 * a little more, which costs little.
 */
const CAPACITY = 30;
const PER_SECOND = 10;
/** Buckets full again (sessions gone quiet) are forgotten at most this often. */
const PRUNE_MS = 60_000;

type ReportRate = {
  /** True when the session may send this report now. */
  take(sessionId: string): boolean;
};

/**
 * `capacity` and `perSecond` default to the reports' bucket; the description's relayed edits
 * (one per keystroke of a fast typist) have a larger one.
 */
export function createReportRate(capacity = CAPACITY, perSecond = PER_SECOND): ReportRate {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refilled = (bucket: { tokens: number; at: number }, now: number) =>
    Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
  let prunedAt = Date.now();

  return {
    take(sessionId) {
      const now = Date.now();
      if (now - prunedAt > PRUNE_MS) {
        prunedAt = now;
        for (const [id, bucket] of buckets) {
          if (refilled(bucket, now) >= capacity) buckets.delete(id);
        }
      }
      const bucket = buckets.get(sessionId);
      const tokens = bucket ? refilled(bucket, now) : capacity;
      if (tokens < 1) return false;
      buckets.set(sessionId, { tokens: tokens - 1, at: now });
      return true;
    },
  };
}
