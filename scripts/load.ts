/**
 * `npm run load`: a crowded workspace (issue 19). N simulated people, each a Replicache client
 * group speaking the protocol over real HTTP with its poke stream (SSE) open
 * (scripts/load/load-client.ts), change one workspace for a set time (at random moments set in
 * advance, pushed as Replicache pushes: one request at a time, with the changes made while the
 * last was on its way, a failed one sent again after a wait), on one server process or several
 * on one Postgres. At the end every client must have every one of its mutations confirmed
 * (lastMutationID: applied exactly once) and a store equal to what a fresh pull reads from
 * Postgres. Prints throughput, push and pull median / p95, the time each client took to
 * converge after the last change, pokes, errors by kind and the machine's load; writes the
 * figures under bench-results/.
 *
 *   npm run load -- --clients 200 --seconds 60 [--instances 2] [--rate 1] [--tasks 500]
 *   npm run load -- --quick        (20 clients for 8 s: what CI runs)
 *
 * Several instances need DATABASE_URL (the embedded database has one connection).
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import { parseArgs } from "node:util";
import { startBenchSystem } from "./bench/bench-server.ts";
import { cookieHeader } from "./bench/bench-server.ts";
import { format, quantile, writeResults } from "./bench/figures.ts";
import { cpuLine, readCpu, watchEventLoop } from "./load/cpu-time.ts";
import { randomMutation, sameStore } from "./load/crowd.ts";
import { LoadClient } from "./load/load-client.ts";

const { values } = parseArgs({
  options: {
    clients: { type: "string" },
    seconds: { type: "string" },
    instances: { type: "string", default: "1" },
    rate: { type: "string", default: "1" },
    tasks: { type: "string", default: "500" },
    quick: { type: "boolean", default: false },
  },
});
const clients = Number(values.clients ?? (values.quick ? 20 : 50));
const seconds = Number(values.seconds ?? (values.quick ? 8 : 30));
const instances = Number(values.instances);
const rate = Number(values.rate);
const tasks = Number(values.tasks);
for (const [name, value] of Object.entries({ clients, seconds, instances, rate, tasks })) {
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name}: expected a positive number`);
}

// A session holds at most 10 poke streams per instance: 8 clients per session.
const sessions = Math.ceil(clients / 8);
const system = await startBenchSystem(
  [{ key: "crowd", options: { tasks, projects: 1, members: 10, label: "crowd", seed: 20261124 } }],
  { instances, extraSessions: sessions, env: { RATE_LIMIT: "false", LOG_LEVEL: "error" } },
);
const exitCode = await run().finally(() => system.stop());
process.exit(exitCode);

async function run(): Promise<number> {
  const workspace = system.workspaces.get("crowd");
  if (!workspace) throw new Error("nothing seeded");
  const projectId = workspace.projects[0]!.id;
  const taskIds = workspace.sample.map((task) => task.id);
  // Each person has the project's board open and one task's page (its history comes with it).
  const crowd = Array.from(
    { length: clients },
    (_, i) =>
      new LoadClient(
        system.baseUrls[i % instances]!,
        cookieHeader(workspace.moreSessions[i % sessions]!),
        { projects: [projectId], tasks: [taskIds[i % taskIds.length]!] },
      ),
  );

  console.log(`Connecting ${clients} clients to ${instances} instance(s), first pulls…`);
  const joined = performance.now();
  await inBatches(crowd, 8, async (client) => {
    await client.connect();
    await client.schedulePull();
  });
  console.log(`  all joined in ${format(performance.now() - joined, "ms")}`);
  // What joining cost is not part of the run.
  for (const client of crowd) {
    client.figures.pullMs.length = 0;
    client.figures.pokes = 0;
  }

  console.log(`Changing the workspace for ${seconds} s, ${rate} change/s per client…`);
  // Reading the servers' metrics starts their event loop histograms afresh.
  await serverLoopDelays(system.baseUrls);
  const loadBefore = os.loadavg()[0]!;
  const cpuBefore = readCpu(system.pids);
  // The generator's own delays are in every latency it measures: printed beside them.
  const generatorDelay = watchEventLoop();
  const started = performance.now();
  const until = started + seconds * 1000;
  let counter = 0;
  // The run's last change, made as the crowd stops: a new task in the project every client
  // holds, from a client group of its own (outside the figures), which no change still on its
  // way can overwrite. Each client has converged when a pull brings it. (A change of the crowd's
  // own may concern few clients, or none: a comment on a task no one has open, a priority set
  // to what it was.)
  const marker = `Last change ${randomUUID()}`;
  crowd.forEach((client) => client.watchFor(marker));
  const markerClient = new LoadClient(system.baseUrls[0]!, cookieHeader(workspace.sessions[0]), {
    projects: [projectId],
    tasks: [],
  });
  let markedAt = 0;
  const markerSent = sleep(until - performance.now()).then(() => {
    markedAt = performance.now();
    markerClient.change({
      name: "createTask",
      args: { id: randomUUID(), projectId, title: marker, createdAt: new Date().toISOString() },
    });
    return markerClient.flushed();
  });
  // Each person changes something at random moments (a Poisson process of `rate` per second),
  // whether or not their last change has reached the server: the crowd's load does not ease
  // when the server slows down, as it would if each waited for its last push.
  await Promise.all(
    crowd.map(async (client) => {
      // Arrival times are set in advance, so a busy generator catches up rather than making
      // fewer changes than asked.
      for (let at = started; ;) {
        at += -Math.log(1 - Math.random()) * (1000 / rate);
        if (at >= until) break;
        await sleep(at - performance.now());
        client.change(randomMutation(projectId, taskIds, ++counter));
      }
      await client.flushed();
    }),
  );
  const loopsEnded = performance.now();
  await markerSent;
  // The last change anyone made: every store must show it (and all before it) afterwards.
  const lastPush = Math.max(...crowd.map((c) => c.lastPushEnd));
  const runSeconds = (lastPush - started) / 1000;
  const loadDuring = os.loadavg()[0]!;
  const cpuDuring = readCpu(system.pids);
  generatorDelay.stop();
  const serverDelays = await serverLoopDelays(system.baseUrls);

  // Converged: every mutation confirmed, no pull in flight or asked for, for a while.
  const deadline = loopsEnded + 30_000;
  for (;;) {
    await sleep(250);
    const settled = crowd.every(
      (c) => c.unconfirmed === 0 && c.markerSeenAt > 0 && c.idleFor() > 1000,
    );
    if (settled || performance.now() > deadline) break;
  }
  // Each store against a fresh pull of the same scope.
  const diverged: LoadClient[] = [];
  await inBatches(crowd, 8, async (client) => {
    const reference = new LoadClient(
      system.baseUrls[0]!,
      cookieHeader(workspace.sessions[0]),
      client.scope,
    );
    await reference.schedulePull();
    if (client.unconfirmed > 0 || !sameStore(client.store, reference.store)) diverged.push(client);
  });
  crowd.forEach((c) => c.close());

  const pushes = crowd.flatMap((c) => c.figures.pushMs);
  const changes = crowd.flatMap((c) => c.figures.changeMs);
  const pulls = crowd.flatMap((c) => c.figures.pullMs);
  const converged = crowd.filter((c) => c.markerSeenAt > 0);
  const converge = converged.map((c) => c.markerSeenAt - markedAt);
  const applied = crowd.reduce((sum, c) => sum + c.figures.mutations, 0);
  const errors = new Map<string, number>();
  for (const client of crowd) {
    for (const [kind, count] of client.figures.errors)
      errors.set(kind, (errors.get(kind) ?? 0) + count);
  }
  if (diverged.length > 0) errors.set("store differs from Postgres", diverged.length);
  const missed = clients - converged.length;
  if (missed > 0) errors.set("last change never arrived", missed);
  for (const [kind, count] of markerClient.figures.errors)
    errors.set(`last change: ${kind}`, count);

  const stat = (samples: number[], q: number) => format(quantile(samples, q) ?? 0, "ms");
  const lines = [
    `clients ${clients}, instances ${instances}, ${runSeconds.toFixed(1)} s, ` +
      `${os.cpus().length} cores, load average ${loadBefore.toFixed(2)} → ${loadDuring.toFixed(2)} (${system.mode})`,
    cpuLine(cpuBefore, cpuDuring),
    `generator's event loop delay (in every latency below): median ` +
      `${format(generatorDelay.ms(50), "ms")}, p95 ${format(generatorDelay.ms(95), "ms")}`,
    `servers' event loop delay: ${serverDelays
      .map(
        (d) =>
          `median ${format(d.p50, "ms")}, p99 ${format(d.p99, "ms")}, max ${format(d.max, "ms")}`,
      )
      .join("; ")}`,
    `throughput: ${(applied / runSeconds).toFixed(0)} mutations/s (${applied} applied of ${counter} made)`,
    `push: median ${stat(pushes, 0.5)}, p95 ${stat(pushes, 0.95)} (${pushes.length} requests)`,
    `change to its push answered: median ${stat(changes, 0.5)}, p95 ${stat(changes, 0.95)}`,
    `pull: median ${stat(pulls, 0.5)}, p95 ${stat(pulls, 0.95)} (${pulls.length})`,
    `converged after the last change (made to its pull, ${converged.length} of ${clients}): ` +
      `median ${stat(converge, 0.5)}, p95 ${stat(converge, 0.95)}, max ${stat(converge, 1)}`,
    `pull answers: ${(crowd.reduce((sum, c) => sum + c.figures.pullBytes, 0) / 1e6).toFixed(0)} MB of JSON`,
    `requests sent again after a connection reset: ${crowd.reduce((sum, c) => sum + c.figures.resent, 0)}`,
    `pokes delivered: ${crowd.reduce((sum, c) => sum + c.figures.pokes, 0)}`,
    `stores equal to Postgres, every mutation confirmed once: ${clients - diverged.length}/${clients}`,
    `errors: ${errors.size === 0 ? "none" : [...errors].map(([k, n]) => `${k} × ${n}`).join(", ")}`,
  ];
  console.log(lines.map((line) => `  ${line}`).join("\n"));

  console.log(
    `  written to ${writeResults("load", {
      clients,
      instances,
      seconds: runSeconds,
      rate,
      tasks,
      mode: system.mode,
      loadAverage: { before: loadBefore, during: loadDuring },
      throughput: applied / runSeconds,
      pushMs: pushes,
      changeMs: changes,
      pullMs: pulls,
      convergeMs: converge,
      errors: Object.fromEntries(errors),
    })}`,
  );
  return diverged.length === 0 ? 0 : 1;
}

/**
 * Each server's event loop delay since its metrics were last read (prom-client's histogram,
 * sampled every 10 ms: that resolution taken off), in ms.
 */
async function serverLoopDelays(baseUrls: string[]) {
  return Promise.all(
    baseUrls.map(async (url) => {
      const text = await fetch(`${url}/metrics`).then((response) => response.text());
      const seconds = (name: string) =>
        Number(new RegExp(`^${name} ([0-9.e+-]+)`, "m").exec(text)?.[1] ?? NaN);
      const ms = (name: string) => Math.max(0, seconds(name) * 1000 - 10);
      return {
        p50: ms("nodejs_eventloop_lag_p50_seconds"),
        p99: ms("nodejs_eventloop_lag_p99_seconds"),
        max: ms("nodejs_eventloop_lag_max_seconds"),
      };
    }),
  );
}

async function inBatches<T>(items: T[], size: number, each: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size)
    await Promise.all(items.slice(i, i + size).map(each));
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
