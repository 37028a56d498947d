/**
 * `npm run soak [-- --seconds 120] [--clients 200] [--rate 0.25] [--instances 3]`: the whole
 * production topology through faults (issue 20). A private PostgreSQL cluster (initdb and pg_ctl
 * on a loopback port, server/test/private-postgres.ts), N instances behind nginx
 * (`npm run cluster`'s, scripts/cluster/cluster.ts), and simulated people on devices: Replicache's
 * own client in Node with an in-memory store (scripts/soak/soak-client.ts), creating, moving,
 * editing and commenting at random moments (`--rate` changes a second each) through the load
 * balancer. Meanwhile:
 *
 * - at 30 % of the run one instance is killed with SIGKILL and started again;
 * - at 60 % PostgreSQL restarts (`pg_ctl restart -m fast`: every connection is cut);
 * - all along, each device's poke stream is cut at random (once a minute on average).
 *
 * After each fault a probe pushes through the load balancer every 100 ms until one is applied:
 * the seconds to recover. At the end every device must hold no pending mutation and a store
 * equal to what a fresh pull of its person reads from Postgres; every device's lastMutationID
 * must equal the mutations it made (each applied exactly once), the comments and tasks made
 * must all be in Postgres once, and the new tasks' numbers must follow on without a gap. It
 * prints the figures and writes them under bench-results/; exit 1 when a check fails.
 */
import { randomBytes } from "node:crypto";
import { setMaxListeners } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { generateKeyBetween } from "fractional-indexing";
import postgres from "postgres";
import { projectKey } from "../shared/keys.ts";
import { startPrivatePostgres } from "../server/test/private-postgres.ts";
import { SyncClient, m } from "../server/test/sync-client.ts";
import { cookieHeader, seed } from "./bench/bench-server.ts";
import { format, quantile, writeResults } from "./bench/figures.ts";
import { startCluster } from "./cluster/cluster.ts";
import { cpuLine, readCpu, watchEventLoop } from "./load/cpu-time.ts";
import { randomMutation, sameStore } from "./load/crowd.ts";
import type { Sent } from "./load/load-client.ts";
import { SoakClient } from "./soak/soak-client.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "120" },
    clients: { type: "string", default: "200" },
    rate: { type: "string", default: "0.25" },
    instances: { type: "string", default: "3" },
  },
});
const seconds = Number(values.seconds);
const clients = Number(values.clients);
const rate = Number(values.rate);
const instances = Number(values.instances);
for (const [name, value] of Object.entries({ seconds, clients, rate, instances })) {
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name}: expected a positive number`);
}
if (instances < 2) throw new Error("--instances: at least 2 (one is killed)");

// Hundreds of Replicache clients and their requests share signals inside undici and Replicache;
// Node's warning at 11 listeners is meant for leaks in one emitter, not for a crowd.
setMaxListeners(0);

/** Each device's stream is cut once a minute on average. */
const DROPS_PER_SECOND = 1 / 60;
const CONVERGE_LIMIT_MS = 180_000;

async function soak(): Promise<number> {
  const secret = randomBytes(32).toString("hex");
  const people = Math.max(2, Math.ceil(clients / 8));
  const seedEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: pg.url,
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: secret,
    BASE_URL: "http://127.0.0.1",
  } as NodeJS.ProcessEnv;
  const seeded = await seed(
    seedEnv,
    secret,
    "http://127.0.0.1",
    [{ key: "soak", options: { tasks: 300, projects: 1, members: 9, label: "soak", seed: 7 } }],
    people,
  );
  const workspace = seeded.get("soak")!;
  const projectId = workspace.projects[0]!.id;
  const taskIds = workspace.sample.map((task) => task.id);

  console.log(`Starting ${instances} instances behind nginx…`);
  const cluster = await startCluster({
    databaseUrl: pg.url,
    instances,
    env: { BETTER_AUTH_SECRET: secret, RATE_LIMIT: "false", LOG_LEVEL: "error", DATA_DIR: dataDir },
  });
  const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
  try {
    return await run(cluster, sql, workspace, projectId, taskIds);
  } finally {
    await sql.end({ timeout: 5 }).catch(() => {});
    await cluster.stop();
  }

  async function run(
    cluster: Awaited<ReturnType<typeof startCluster>>,
    sql: postgres.Sql,
    ws: typeof workspace,
    projectId: string,
    taskIds: string[],
  ): Promise<number> {
    const personOf = (i: number) => ws.people[i % ws.people.length]!;
    const devices = Array.from({ length: clients }, (_, i) => {
      const session = i % ws.moreSessions.length;
      return new SoakClient(
        cluster.url,
        cookieHeader(ws.moreSessions[session]!),
        personOf(session).id,
      );
    });
    console.log(`${clients} devices of ${ws.moreSessions.length} people: first pulls…`);
    const projectRow = projectKey(ws.workspaceId, projectId);
    for (let i = 0; i < devices.length; i += 10) {
      await Promise.all(
        devices.slice(i, i + 10).map(async (device) => {
          device.listen();
          await waitFor(() => device.rep.query((tx) => tx.has(projectRow)), 120_000);
        }),
      );
    }
    // What joining cost is not part of the run.
    for (const device of devices) {
      device.figures.pushMs.length = 0;
      device.figures.pullMs.length = 0;
      device.figures.pokes = 0;
      device.figures.errors.clear();
    }
    const [start] = await sql<{ before: number }[]>`
      select coalesce(max(number), 0)::int as before from task where project_id = ${projectId}`;
    const before = start?.before ?? 0;

    console.log(`Changing for ${seconds} s, ${rate}/s per device, with faults…`);
    const made = new Map<SoakClient, number>();
    const kinds = new Map<string, number>();
    let counter = 0;
    const pids = () => cluster.instances.map((instance) => instance.process.pid!);
    const cpuBefore = readCpu(pids());
    // The devices share this process: its delays are in every latency they measure.
    const delay = watchEventLoop();
    const started = performance.now();
    const until = started + seconds * 1000;
    const recoveries: { fault: string; at: number; seconds: number }[] = [];
    const probe = new Probe(cluster.url, cookieHeader(ws.sessions[0]), taskIds[0]!, projectId);

    const drops = setInterval(() => {
      for (const device of devices) if (Math.random() < DROPS_PER_SECOND) device.dropStream();
    }, 1000);
    const faults = (async () => {
      await sleep(seconds * 300);
      let at = performance.now();
      console.log("  fault: SIGKILL one instance");
      await cluster.kill(1, "SIGKILL");
      const restarted = cluster.restart(1);
      recoveries.push({
        fault: "instance killed",
        at: at - started,
        seconds: await probe.recovered(at),
      });
      await restarted;
      recoveries.push({
        fault: "killed instance ready again",
        at: at - started,
        seconds: (performance.now() - at) / 1000,
      });
      await sleep(Math.max(0, started + seconds * 600 - performance.now()));
      at = performance.now();
      console.log("  fault: PostgreSQL restarts");
      await pg.restart("fast");
      recoveries.push({
        fault: "PostgreSQL restarted",
        at: at - started,
        seconds: await probe.recovered(at),
      });
    })();

    await Promise.all(
      devices.map(async (device) => {
        for (let at = started; ;) {
          at += -Math.log(1 - Math.random()) * (1000 / rate);
          if (at >= until) break;
          await sleep(at - performance.now());
          const change = soakMutation(projectId, taskIds, ++counter);
          kinds.set(change.name, (kinds.get(change.name) ?? 0) + 1);
          made.set(device, (made.get(device) ?? 0) + 1);
          const mutate = device.rep.mutate[change.name as "updateTask"] as (
            args: unknown,
          ) => Promise<void>;
          void mutate(change.args).catch(() => {
            const errors = device.figures.errors;
            errors.set("mutate", (errors.get("mutate") ?? 0) + 1);
          });
        }
      }),
    );
    const changesEnded = performance.now();
    const cpuDuring = readCpu(pids());
    delay.stop();
    await faults;
    clearInterval(drops);

    console.log("Waiting for every device to have its changes confirmed…");
    await waitFor(async () => {
      const pending = await Promise.all(devices.map((device) => device.pending()));
      if (pending.some((n) => n > 0)) {
        devices.forEach((device, i) => {
          if (pending[i]! > 0) device.rep.push({ now: true }).catch(() => {});
        });
        return false;
      }
      return true;
    }, CONVERGE_LIMIT_MS).catch(() => {});
    const confirmedAt = performance.now();

    // Each person's store as a fresh pull reads it from Postgres.
    const references = new Map<string, Map<string, unknown>>();
    for (const [i, session] of ws.moreSessions.entries()) {
      const user = { id: personOf(i).id, name: "", email: "", cookie: cookieHeader(session) };
      const reference = new SyncClient({ url: cluster.url }, user);
      do await reference.pull();
      while (isMore(reference.cookie));
      references.set(user.id, new Map(reference.store));
    }
    const differing = new Set<SoakClient>(devices);
    const settleBy = performance.now() + 60_000;
    while (differing.size > 0 && performance.now() < settleBy) {
      for (const device of [...differing]) {
        await device.rep.pull({ now: true }).catch(() => {});
        if (sameStore(await device.store(), references.get(device.userId)!)) {
          differing.delete(device);
        }
      }
      if (differing.size > 0) await sleep(1000);
    }

    const pending = (await Promise.all(devices.map((d) => d.pending()))).reduce((a, b) => a + b);
    const ids = devices.map((device) => device.rep.clientID);
    const rows = await sql<{ id: string; last: number }[]>`
      select id, last_mutation_id as last from replicache_client where id = any(${ids})`;
    const lastOf = new Map(rows.map((row) => [row.id, row.last]));
    const notOnce = devices.filter((d) => (lastOf.get(d.rep.clientID) ?? 0) !== (made.get(d) ?? 0));
    const [counted] = await sql<{ comments: number; tasks: number }[]>`
      select (select count(*)::int from comment where body like 'Soak comment %') as comments,
        (select count(*)::int from task where title like 'Soak task %') as tasks`;
    const { comments, tasks } = counted ?? { comments: 0, tasks: 0 };
    const numbers = await sql<{ number: number }[]>`
      select number from task where project_id = ${projectId} and number > ${before}
      order by number`;
    const gapless = numbers.every((row, i) => row.number === before + i + 1);
    const applied = [...made.values()].reduce((a, b) => a + b, 0);
    const runSeconds = (changesEnded - started) / 1000;

    const errors = new Map<string, number>();
    for (const device of devices) {
      for (const [kind, n] of device.figures.errors) errors.set(kind, (errors.get(kind) ?? 0) + n);
    }
    const problems: string[] = [];
    if (pending > 0) problems.push(`${pending} mutations still pending`);
    if (differing.size > 0) problems.push(`${differing.size} stores unlike Postgres`);
    if (notOnce.length > 0)
      problems.push(`${notOnce.length} devices whose lastMutationID ≠ mutations made`);
    if (comments !== (kinds.get("addComment") ?? 0))
      problems.push(`comments: ${comments} in Postgres, ${kinds.get("addComment") ?? 0} made`);
    if (tasks !== (kinds.get("createTask") ?? 0))
      problems.push(`tasks: ${tasks} in Postgres, ${kinds.get("createTask") ?? 0} made`);
    if (!gapless || numbers.length !== tasks) problems.push("task numbers with a gap");

    const pushes = devices.flatMap((d) => d.figures.pushMs);
    const pulls = devices.flatMap((d) => d.figures.pullMs);
    const stat = (samples: number[]) =>
      [0.5, 0.95, 0.99].map((q) => format(quantile(samples, q) ?? 0, "ms")).join(" / ");
    const lines = [
      `devices ${clients} (${ws.moreSessions.length} people), ${instances} instances behind nginx, ` +
        `${runSeconds.toFixed(0)} s, ${os.cpus().length} cores`,
      `changes: ${applied} made (${[...kinds].map(([k, n]) => `${k} ${n}`).join(", ")}), ` +
        `${(applied / runSeconds).toFixed(1)}/s; all confirmed ` +
        `${((confirmedAt - changesEnded) / 1000).toFixed(1)} s after the last`,
      `${cpuLine(cpuBefore, cpuDuring).replace("generator", "the devices")}`,
      `the devices' event loop delay (in every latency below): p50 ` +
        `${format(delay.ms(50), "ms")}, p95 ` +
        `${format(delay.ms(95), "ms")}`,
      `push p50 / p95 / p99: ${stat(pushes)} (${pushes.length})`,
      `pull p50 / p95 / p99: ${stat(pulls)} (${pulls.length})`,
      `pokes delivered: ${devices.reduce((sum, d) => sum + d.figures.pokes, 0)}`,
      ...recoveries.map(
        (r) =>
          `recovered from "${r.fault}" (at ${(r.at / 1000).toFixed(0)} s): ${r.seconds.toFixed(2)} s`,
      ),
      `errors seen by the devices (each retried): ${
        errors.size === 0 ? "none" : [...errors].map(([k, n]) => `${k} × ${n}`).join(", ")
      }`,
      `stores equal to Postgres: ${clients - differing.size}/${clients}; every mutation applied once: ` +
        `${clients - notOnce.length}/${clients}; comments ${comments}, new tasks ${tasks} ` +
        `(numbers ${gapless ? "without a gap" : "WITH A GAP"})`,
      problems.length === 0 ? "✓ soak passed" : `✗ ${problems.join("; ")}`,
    ];
    console.log(lines.map((line) => `  ${line}`).join("\n"));

    console.log(
      `  written to ${writeResults("soak", {
        clients,
        instances,
        seconds: runSeconds,
        rate,
        applied,
        kinds: Object.fromEntries(kinds),
        pushMs: pushes,
        pullMs: pulls,
        recoveries,
        errors: Object.fromEntries(errors),
        problems,
      })}`,
    );
    await Promise.all(devices.map((device) => device.close()));
    return problems.length === 0 ? 0 : 1;
  }
}

/** The soak's changes: the load test's, and moves between columns. */
function soakMutation(projectId: string, taskIds: string[], n: number): Sent {
  if (Math.random() < 0.15) {
    const statuses = ["to-do", "in-progress", "in-review", "done"];
    return {
      name: "moveTask",
      args: {
        id: taskIds[Math.floor(Math.random() * taskIds.length)]!,
        projectId,
        status: statuses[Math.floor(Math.random() * statuses.length)]!,
        position: generateKeyBetween(null, null),
        updatedAt: new Date().toISOString(),
      },
    };
  }
  const change = randomMutation(projectId, taskIds, n);
  // Marked, so that Postgres can be asked for exactly these.
  if (change.name === "addComment") change.args = { ...change.args, body: `Soak comment ${n}` };
  if (change.name === "createTask") change.args = { ...change.args, title: `Soak task ${n}` };
  return change;
}

/**
 * Pushes through the load balancer every 100 ms, as a client group of its own, until one push is
 * applied (200): the seconds from `since`. The same push is sent again until then, as Replicache
 * would (its mutation id must not skip).
 */
class Probe {
  private readonly client: SyncClient;

  constructor(
    url: string,
    cookie: string,
    private readonly taskId: string,
    private readonly projectId: string,
  ) {
    this.client = new SyncClient({ url }, { id: "", name: "", email: "", cookie });
  }

  async recovered(since: number): Promise<number> {
    const change = m("updateTask", {
      id: this.taskId,
      projectId: this.projectId,
      updatedAt: new Date().toISOString(),
    });
    const body = this.client.pushBody(this.client.mutations(change));
    for (;;) {
      try {
        const response = await this.client.pushRaw(body);
        await response.body?.cancel();
        if (response.status === 200) return (performance.now() - since) / 1000;
      } catch {
        // Refused or cut: not recovered yet.
      }
      await sleep(100);
    }
  }
}

function isMore(cookie: unknown): boolean {
  return (
    typeof cookie === "object" && cookie !== null && (cookie as { more?: unknown }).more === true
  );
}

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error("timed out");
    await sleep(200);
  }
}

// Last: the classes and functions above are defined by the time it runs.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "tasks-soak-"));
console.log("Starting a private PostgreSQL cluster…");
const pg = await startPrivatePostgres();
const exitCode = await soak().finally(async () => {
  await pg.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});
process.exit(exitCode);
