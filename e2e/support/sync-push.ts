import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
import { SCHEMA_VERSION } from "../../shared/schema-version.ts";
import type { MutatorArgs, MutatorName } from "../../shared/mutators/mutators.ts";

/**
 * Test data straight through the sync endpoint, as a browser's Replicache would push it: far
 * faster than clicking each project and task into being. The request context carries the
 * signed-in person's cookies; the Origin header is the one better-auth asks of every POST.
 */

type Mutation = { name: MutatorName; args: object };

/** A mutation whose arguments are checked against its mutator: `mutation("createTask", {...})`. */
export const mutation = <N extends MutatorName>(name: N, args: MutatorArgs[N]) => ({ name, args });

export const now = () => new Date().toISOString();

export async function pushMutations(
  request: APIRequestContext,
  mutations: Mutation[],
): Promise<void> {
  const clientID = randomUUID();
  const response = await request.post("/api/replicache/push", {
    headers: { Origin: process.env.E2E_BASE_URL ?? "" },
    data: {
      pushVersion: 1,
      clientGroupID: randomUUID(),
      profileID: "e2e",
      schemaVersion: SCHEMA_VERSION,
      mutations: mutations.map((entry, index) => ({
        clientID,
        id: index + 1,
        name: entry.name,
        args: entry.args,
        timestamp: Date.now(),
      })),
    },
  });
  expect(response.ok(), `push: ${response.status()} ${await response.text()}`).toBe(true);
}
