import { randomUUID } from "node:crypto";
import { generateNKeysBetween } from "fractional-indexing";
import { Replicache, type Pusher } from "replicache";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushingInBatches } from "../../client/platform/sync/batched-push.ts";
import {
  MAX_MUTATIONS_PER_PUSH,
  PUSH_BATCH_BYTES,
  PUSH_BODY_LIMIT_BYTES,
} from "../../shared/push-limits.ts";
import { SCHEMA_VERSION } from "../../shared/schema-version.ts";
import { newNetwork, sessionPuller, sessionPusher, type Network } from "../test/replicache-http.ts";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  createWorkspace,
  m,
  newId,
  now,
  signUp,
  type TestUser,
} from "../test/sync-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";
import { createMutators } from "../../shared/mutators/mutators.ts";

/**
 * A push carries at most MAX_MUTATIONS_PER_PUSH mutations the server applies and at most
 * PUSH_BODY_LIMIT_BYTES of JSON, yet a client that made thousands of changes offline gets
 * them all to the server: ours splits its pushes, and any other Replicache client is told
 * (HTTP 202) to push the rest again.
 */

let server: TestServer;
let user: TestUser;
let workspaceId: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUp(server, "Offline");
  workspaceId = await createWorkspace(server, user, "Offline");
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

let projects = 0;
async function newProject(): Promise<string> {
  const projectId = newId("p");
  const key = `OFF${++projects}`;
  await new SyncClient(server, user).push(
    m("createProject", { id: projectId, workspaceId, name: key, key, createdAt: now() }),
  );
  return projectId;
}

/** The ids of the project's tasks in Postgres, and its clients' lastMutationIDs. */
async function stored(projectId: string) {
  const tasks = await server.db.sql<{ id: string; number: number }[]>`
    select id, number from task where project_id = ${projectId} order by number`;
  return { ids: tasks.map((task) => task.id), numbers: tasks.map((task) => task.number) };
}

async function lastMutationId(clientId: string): Promise<number | undefined> {
  const [row] = await server.db.sql<{ lastMutationId: number }[]>`
    select last_mutation_id as "lastMutationId" from replicache_client where id = ${clientId}`;
  return row?.lastMutationId;
}

function openStore(pusher: Pusher) {
  return new Replicache({
    name: randomUUID(),
    kvStore: "mem",
    schemaVersion: SCHEMA_VERSION,
    mutators: createMutators(user.id),
    puller: sessionPuller(server, user),
    pusher,
    pullInterval: null,
    // Replicache logs every failed push as an error; the network records them here.
    logSinks: [],
  });
}

type Store = ReturnType<typeof openStore>;

/** Creates `count` tasks in the store, with their positions given (as the board does). */
async function createTasks(rep: Store, projectId: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => newId("t"));
  const positions = generateNKeysBetween(null, null, count);
  for (const [i, id] of ids.entries()) {
    await rep.mutate.createTask({
      id,
      projectId,
      title: `Offline ${i}`,
      position: positions[i],
      createdAt: now(),
    });
  }
  return ids;
}

/**
 * A bound for a stuck push, not a speed. The 5,000 take 15–25 s to push and one pull to confirm
 * on a slow 2-core machine; when the drain still pulled in the middle of the pushes, a run took
 * 140 s there, and 268 s on a CI machine with other work.
 */
const drainLimit = 240_000;

/**
 * Pulls until the server has confirmed every pending mutation, while no push request is on its
 * way: a pull replays every mutation still pending (thousands, for seconds), and pulls in the
 * middle of a push of 5,000 in ten requests held up each request's answer by as much, which
 * made the drain take two minutes where it takes one second.
 */
async function drain(rep: Store, network: Network, ms: number) {
  const deadline = Date.now() + ms;
  while ((await rep.experimentalPendingMutations()).length > 0) {
    if (Date.now() > deadline) throw new Error("pending mutations never drained");
    if (network.sending === 0) await rep.pull({ now: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a client back from a long offline spell", () => {
  it("5,000 changes made offline all reach Postgres once, in pushes within the limits", async () => {
    const projectId = await newProject();
    const network = newNetwork();
    const rep = openStore(pushingInBatches(sessionPusher(server, user, network)));
    try {
      await rep.pull({ now: true });
      network.online = false;

      const ids = await createTasks(rep, projectId, 5_000);
      network.online = true;
      // What the `online` event does in the browser (sync-on-reconnect.ts).
      await rep.push({ now: true });
      await drain(rep, network, drainLimit);

      const { ids: storedIds, numbers } = await stored(projectId);
      expect(storedIds.sort()).toEqual([...ids].sort());
      expect(numbers).toEqual(ids.map((_, i) => i + 1));
      expect(await lastMutationId(rep.clientID)).toBe(5_000);
      expect(network.pushes.map((push) => push.status)).toEqual(Array(10).fill(200));
      for (const push of network.pushes) {
        expect(push.mutations).toBeLessThanOrEqual(MAX_MUTATIONS_PER_PUSH);
        expect(push.bytes).toBeLessThanOrEqual(PUSH_BATCH_BYTES + 1024);
      }
    } finally {
      await rep.close();
    }
  }, 420_000);

  it("Replicache's own pusher, which sends everything pending, is answered 202 and pushes the rest", async () => {
    const projectId = await newProject();
    const network = newNetwork();
    const rep = openStore(sessionPusher(server, user, network));
    try {
      await rep.pull({ now: true });
      network.online = false;

      const ids = await createTasks(rep, projectId, 1_200);
      network.online = true;
      await rep.push({ now: true });
      await drain(rep, network, drainLimit);

      expect((await stored(projectId)).ids.sort()).toEqual([...ids].sort());
      expect(await lastMutationId(rep.clientID)).toBe(1_200);
      const sent = network.pushes.filter((push) => push.mutations > 0);
      expect(sent.map((push) => push.status)).toEqual([202, 202, 200]);
    } finally {
      await rep.close();
    }
  }, 330_000);
});

describe("the push limits at the protocol", () => {
  it("a push of more than 500 pending mutations applies the first 500 and answers 202 with what is left", async () => {
    const projectId = await newProject();
    const client = new SyncClient(server, user);
    const mutations = client.mutations(
      ...Array.from({ length: 700 }, (_, i) =>
        m("createTask", { id: newId("t"), projectId, title: `Bulk ${i}`, createdAt: now() }),
      ),
    );

    const first = await client.pushRaw(client.pushBody(mutations));
    const firstBody: unknown = await first.json();
    const afterFirst = await lastMutationId(client.clientID);
    // Replicache sends everything still pending again: the applied ones are skipped.
    const second = await client.pushRaw(client.pushBody(mutations));

    expect([first.status, firstBody, afterFirst]).toEqual([202, { unapplied: 200 }, 500]);
    expect(second.status).toBe(200);
    expect(await lastMutationId(client.clientID)).toBe(700);
    expect((await stored(projectId)).numbers).toEqual(mutations.map((_, i) => i + 1));
  });

  it("a push body above the limit is a 413 PAYLOAD_TOO_LARGE, and nothing of it is applied", async () => {
    const projectId = await newProject();
    const client = new SyncClient(server, user);
    const description = "x".repeat(90_000);
    const count = Math.ceil(PUSH_BODY_LIMIT_BYTES / description.length) + 1;
    const mutations = client.mutations(
      ...Array.from({ length: count }, (_, i) =>
        m("createTask", {
          id: newId("t"),
          projectId,
          title: `Big ${i}`,
          description,
          createdAt: now(),
        }),
      ),
    );

    const response = await client.pushRaw(client.pushBody(mutations));

    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: "Request body too large",
    });
    expect(await lastMutationId(client.clientID)).toBeUndefined();
  });
});
