import type { MutationV1, PushRequestV1, PusherResult } from "replicache";
import { describe, expect, it } from "vitest";
import { MAX_MUTATIONS_PER_PUSH, PUSH_BATCH_BYTES } from "../../../shared/push-limits.ts";
import { pushingInBatches, splitMutations } from "./batched-push.ts";

const mutation = (id: number, text = ""): MutationV1 => ({
  clientID: "c",
  id,
  name: "addComment",
  args: { text },
  timestamp: 0,
});

const ids = (batches: MutationV1[][]) => batches.map((batch) => batch.map((m) => m.id));

describe("splitting a push", () => {
  it("cuts runs of at most MAX_MUTATIONS_PER_PUSH mutations, in order", () => {
    const mutations = Array.from({ length: 1_234 }, (_, i) => mutation(i + 1));

    const batches = splitMutations(mutations);

    expect(batches.map((batch) => batch.length)).toEqual([
      MAX_MUTATIONS_PER_PUSH,
      MAX_MUTATIONS_PER_PUSH,
      234,
    ]);
    expect(batches.flat()).toEqual(mutations);
  });

  it("keeps each run within PUSH_BATCH_BYTES, and sends a bigger mutation alone", () => {
    const third = "é".repeat(PUSH_BATCH_BYTES / 6);
    const mutations = [
      mutation(1, third),
      mutation(2, third),
      mutation(3, third),
      mutation(4, "x".repeat(PUSH_BATCH_BYTES)),
      mutation(5),
    ];

    expect(ids(splitMutations(mutations))).toEqual([[1, 2], [3], [4], [5]]);
  });
});

describe("pushing in batches", () => {
  const request = (count: number): PushRequestV1 => ({
    pushVersion: 1,
    clientGroupID: "g",
    profileID: "p",
    schemaVersion: "1",
    mutations: Array.from({ length: count }, (_, i) => mutation(i + 1)),
  });
  const answer = (httpStatusCode: number): PusherResult => ({
    httpRequestInfo: { httpStatusCode, errorMessage: "" },
  });

  it("sends the batches one after the other and stops at the first that fails", async () => {
    const sent: number[][] = [];
    const statuses = [200, 500, 200];
    const push = pushingInBatches(async (body) => {
      if (body.pushVersion === 1) sent.push(body.mutations.map((m) => m.id));
      return answer(statuses[sent.length - 1] ?? 200);
    });

    const result = await push(request(1_200), "r");

    expect(sent.map((batch) => [batch[0], batch.at(-1)])).toEqual([
      [1, 500],
      [501, 1_000],
    ]);
    expect(result.httpRequestInfo.httpStatusCode).toBe(500);
  });

  it("passes ClientStateNotFound on without sending the rest", async () => {
    let calls = 0;
    const push = pushingInBatches(async () => {
      calls++;
      return { ...answer(200), response: { error: "ClientStateNotFound" } };
    });

    const result = await push(request(1_200), "r");

    expect(calls).toBe(1);
    expect(result.response).toEqual({ error: "ClientStateNotFound" });
  });
});
