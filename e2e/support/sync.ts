import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { generateNKeysBetween } from "fractional-indexing";
import type { MutatorArgs, MutatorName } from "../../shared/mutator-args.ts";
import { SCHEMA_VERSION } from "../../shared/schema-version.ts";
import { apiPost } from "./accounts.ts";

/**
 * Writes to the synced data the way a browser's store does: a Replicache push (protocol v1)
 * with the caller's session, for data the test needs but whose screen is not under test.
 */

type Mutation = { [N in MutatorName]: { name: N; args: MutatorArgs[N] } }[MutatorName];

export async function pushMutations(request: APIRequestContext, mutations: Mutation[]) {
  const clientID = randomUUID();
  await apiPost(request, "/api/replicache/push", {
    pushVersion: 1,
    clientGroupID: randomUUID(),
    profileID: "e2e",
    schemaVersion: SCHEMA_VERSION,
    mutations: mutations.map((mutation, index) => ({
      clientID,
      id: index + 1,
      name: mutation.name,
      args: mutation.args,
      timestamp: Date.now(),
    })),
  });
}

const uniqueId = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** A new project in the workspace; returns its id. */
export async function createProjectThroughSync(
  request: APIRequestContext,
  workspaceId: string,
  project: { name: string; key: string },
): Promise<string> {
  const id = uniqueId("prj");
  await pushMutations(request, [
    {
      name: "createProject",
      args: { id, workspaceId, ...project, createdAt: new Date().toISOString() },
    },
  ]);
  return id;
}

/** `count` tasks at the bottom of To do, titled `${prefix} 1`, `${prefix} 2`… in order. */
export async function createTasksThroughSync(
  request: APIRequestContext,
  projectId: string,
  prefix: string,
  count: number,
) {
  const positions = generateNKeysBetween(null, null, count);
  const createdAt = new Date().toISOString();
  await pushMutations(
    request,
    positions.map((position, index) => ({
      name: "createTask",
      args: {
        id: uniqueId("tsk"),
        projectId,
        title: `${prefix} ${index + 1}`,
        status: "to-do",
        position,
        createdAt,
      },
    })),
  );
}
