import type { MutationV1, Pusher, PusherResult } from "replicache";
import { MAX_MUTATIONS_PER_PUSH, PUSH_BATCH_BYTES } from "../../../shared/push-limits.ts";

/**
 * Replicache puts every pending mutation in one push: after a long offline spell, thousands
 * in one request, which the server would not take whole (shared/push-limits.ts). This wraps
 * its pusher to send them in requests within the server's limits, in order, one after the
 * other. The first request that does not succeed ends the push and is what Replicache sees,
 * so it retries from there: sending the next ones would give the server mutation ids beyond
 * the next it expects.
 */
export function pushingInBatches(pusher: Pusher): Pusher {
  return async (request, requestID) => {
    if (request.pushVersion !== 1) return pusher(request, requestID);
    let result: PusherResult | undefined;
    for (const mutations of splitMutations(request.mutations)) {
      result = await pusher({ ...request, mutations }, requestID);
      if (result.httpRequestInfo.httpStatusCode !== 200 || result.response) return result;
    }
    return result ?? pusher(request, requestID);
  };
}

const encoder = new TextEncoder();

/**
 * Consecutive runs of at most MAX_MUTATIONS_PER_PUSH mutations and PUSH_BATCH_BYTES of JSON
 * (a mutation bigger than that alone goes alone).
 */
export function splitMutations(mutations: readonly MutationV1[]): MutationV1[][] {
  const batches: MutationV1[][] = [];
  let batch: MutationV1[] = [];
  let bytes = 0;
  for (const mutation of mutations) {
    const size = encoder.encode(JSON.stringify(mutation)).length + 1;
    if (
      batch.length > 0 &&
      (batch.length >= MAX_MUTATIONS_PER_PUSH || bytes + size > PUSH_BATCH_BYTES)
    ) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(mutation);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
