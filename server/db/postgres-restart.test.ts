import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import type { MutationV1 } from "replicache";
import { afterAll, beforeAll, expect, it } from "vitest";
import { spawnServerProcess, type SpawnedServerProcess } from "../test/server-process.ts";
import { startPrivatePostgres, type PrivatePostgres } from "../test/private-postgres.ts";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  createWorkspace,
  m,
  newId,
  now,
  signUp,
} from "../test/sync-client.ts";

/**
 * Postgres going away under load (a restart, a failover) must not take the server process
 * down. postgres.js 3.4.9 wrote to a socket it had already dropped and threw from a timer,
 * killing the process (patches/postgres+3.4.9.patch). Here the server runs as a process of its
 * own on a cluster of the test's own, several people push all the while, and the cluster is
 * stopped and started again several times.
 */

const CLIENTS = 4;
const CYCLES = 6;
/** Pushing goes on this long between two restarts. */
const LOAD_MS = 700;
const DOWN_MS = 300;

let cluster: PrivatePostgres;
let dataDir: string;
let main: SpawnedServerProcess;

beforeAll(async () => {
  cluster = await startPrivatePostgres();
  dataDir = await mkdtemp(path.join(tmpdir(), "tasks-restart-"));
  main = spawnServerProcess({ DATABASE_URL: cluster.url, DATA_DIR: dataDir });
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await main?.kill();
  await cluster?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One tab creating tasks, pushing the way Replicache does: every push carries all that is
 * pending, and a push that fails (an HTTP error or no answer) is sent again later.
 */
class PushingTab {
  readonly created: string[] = [];
  readonly failures: (number | "no answer")[] = [];
  private pending: MutationV1[] = [];

  constructor(
    readonly client: SyncClient,
    readonly projectId: string,
  ) {}

  /** Adds a mutation when few are pending, pushes; true once everything pending is applied. */
  async step(create: boolean): Promise<boolean> {
    if (create) {
      const id = newId("t");
      this.created.push(id);
      this.pending.push(
        ...this.client.mutations(
          m("createTask", { id, projectId: this.projectId, title: id, createdAt: now() }),
        ),
      );
    }
    if (this.pending.length === 0) return true;
    const response = await this.client
      .pushRaw(this.client.pushBody(this.pending))
      .catch(() => null);
    if (response?.status === 200) {
      expect(await response.json()).toEqual({});
      this.pending = [];
      return true;
    }
    this.failures.push(response?.status ?? "no answer");
    await response?.body?.cancel();
    await sleep(50);
    return false;
  }
}

async function readiness(url: string): Promise<number | "no answer"> {
  try {
    const response = await fetch(`${url}/api/ready`);
    await response.body?.cancel();
    return response.status;
  } catch {
    return "no answer";
  }
}

/** No push waits this long for its answer, restarts included (each takes well under a second). */
const ANSWER_MS = 30_000;

/**
 * The push's outcome, or a failure that says what the server was doing when the push still had
 * no answer after ANSWER_MS: a request the server never answers would otherwise only show as
 * the test's own timeout.
 */
async function answered<T>(url: string, push: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void serverState(url).then((state) =>
        reject(new Error(`a push had no answer after ${ANSWER_MS / 1000} s; the server: ${state}`)),
      );
    }, ANSWER_MS);
  });
  try {
    return await Promise.race([push, stuck]);
  } finally {
    clearTimeout(timer);
  }
}

/** /api/ready's answer, and the pool's connections in use and the transactions of /metrics. */
async function serverState(url: string): Promise<string> {
  const ready = await readiness(url);
  const metrics = await fetch(`${url}/metrics`)
    .then((response) => response.text())
    .catch((error: unknown) => `no metrics (${String(error)})`);
  const database = metrics
    .split("\n")
    .filter((line) =>
      /^(db_pool_connections_in_use|db_transaction_duration_seconds_count|replicache_push_duration_seconds_count)/.test(
        line,
      ),
    );
  return `ready ${ready}; ${database.join("; ")}`;
}

/** Rejects, with what the process wrote to stderr, as soon as the server process exits. */
function serverExit(): Promise<never> {
  return main.exit.then(({ code, signal, stderr }) => {
    throw new Error(`the server process exited (${code ?? signal}):\n${stderr}`);
  });
}

async function waitForReady(url: string, status: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await readiness(url)) !== status) {
    if (Date.now() > deadline) throw new Error(`/api/ready never answered ${status}`);
    await sleep(100);
  }
}

it("the server lives through Postgres restarts under push load and loses no mutation", async () => {
  const url = await main.url;
  const server = { url };
  const tabs: PushingTab[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const user = await signUp(server, `Restart ${i}`);
    const workspaceId = await createWorkspace(server, user, `Restart ${i}`);
    const projectId = newId("p");
    const client = new SyncClient(server, user);
    await client.push(
      m("createProject", { id: projectId, workspaceId, name: "P", key: "RST", createdAt: now() }),
    );
    tabs.push(new PushingTab(client, projectId));
  }

  const exited = serverExit();
  exited.catch(() => {});
  const watched = <T>(promise: Promise<T>) => Promise.race([promise, exited]);
  let pushing = true;
  const load = Promise.all(
    tabs.map(async (tab) => {
      while (pushing) await answered(url, tab.step(true));
    }),
  );
  // Its failure is reported where it is awaited, after the restarts.
  load.catch(() => {});
  const readyWhileDown: (number | "no answer")[] = [];
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    await watched(sleep(LOAD_MS));
    await cluster.stop(cycle % 2 === 0 ? "fast" : "immediate");
    await watched(sleep(DOWN_MS));
    readyWhileDown.push(await watched(readiness(url)));
    await cluster.start();
    await watched(waitForReady(url, 200));
  }
  pushing = false;
  await watched(load);
  // Whatever was still pending goes out once the database is back, as Replicache retries.
  for (const tab of tabs) {
    for (let attempt = 0; !(await watched(answered(url, tab.step(false)))); attempt++) {
      if (attempt > 100) throw new Error("a push kept failing with the database up");
    }
  }

  expect(main.child.exitCode).toBeNull();
  expect(readyWhileDown).toEqual(Array(CYCLES).fill(503));
  expect(await readiness(url)).toBe(200);
  // The outages were felt: pushes failed with a server error, never a 4xx.
  const failures = tabs.flatMap((tab) => tab.failures);
  expect(failures.length).toBeGreaterThan(0);
  expect(failures.filter((status) => typeof status === "number" && status < 500)).toEqual([]);

  const sql = postgres(cluster.url, { max: 1, onnotice: () => {} });
  try {
    for (const tab of tabs) {
      const rows = await sql<{ id: string; number: number }[]>`
        select id, number from task where project_id = ${tab.projectId} order by number`;
      expect(rows.map((row) => row.id).sort()).toEqual([...tab.created].sort());
      expect(rows.map((row) => row.number)).toEqual(tab.created.map((_, i) => i + 1));
      const [client] = await sql<{ lastMutationId: number }[]>`
        select last_mutation_id as "lastMutationId" from replicache_client
        where id = ${tab.client.clientID}`;
      expect(client?.lastMutationId).toBe(tab.client.lastMutationID);
    }
  } finally {
    await sql.end();
  }
}, 120_000);
