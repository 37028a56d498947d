/**
 * Server figures, over real HTTP as a browser's Replicache speaks to the server: push
 * throughput with several concurrent clients, no-op pull latency, pull after one change, and
 * the first full pull. Times are round trips on the loopback: server time plus a little.
 */
import { randomUUID } from "node:crypto";
import { generateKeyBetween } from "fractional-indexing";
import { SCHEMA_VERSION } from "../../shared/schema-version.ts";
import {
  cookieHeader,
  type BenchSystem,
  type BenchWorkspace,
  type Cookie,
} from "./bench-server.ts";
import { budgets, type Figures } from "./figures.ts";

type Mutation = { name: string; args: Record<string, unknown> };

/** One Replicache client: its group, its id and its mutation counter. */
class SyncClient {
  readonly groupId = randomUUID();
  readonly clientId = randomUUID();
  private nextId = 1;
  cookie: unknown = null;

  constructor(
    private readonly baseUrl: string,
    private readonly cookies: Cookie[],
    /**
     * Partial sync: the projects whose tasks to pull, as the app names them on a board with no
     * task open (no task's history); undefined: every project.
     */
    private readonly projects?: string[],
  ) {}

  private post(path: string, body: object) {
    return fetch(`${this.baseUrl}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie: cookieHeader(this.cookies),
        origin: this.baseUrl,
      },
      body: JSON.stringify(body),
    });
  }

  /** Server errors (5xx) seen; Replicache pushes the same mutations again after one. */
  failures = 0;

  async push(mutations: Mutation[]) {
    const body = {
      pushVersion: 1,
      clientGroupID: this.groupId,
      profileID: "bench",
      schemaVersion: SCHEMA_VERSION,
      mutations: mutations.map((mutation) => ({
        clientID: this.clientId,
        id: this.nextId++,
        timestamp: Date.now(),
        ...mutation,
      })),
    };
    for (let attempt = 1; ; attempt++) {
      const response = await this.post("/api/replicache/push", body);
      const text = await response.text();
      if (response.ok) return;
      if (response.status < 500 || attempt >= 10) {
        throw new Error(`push: ${response.status} ${text.slice(0, 200)}`);
      }
      this.failures++;
    }
  }

  /** Pulls with the current cookie and keeps the new one; returns the body's size in bytes. */
  async pull(): Promise<{ bytes: number; ops: number; more: boolean; keys: string[] }> {
    const response = await this.post("/api/replicache/pull", {
      pullVersion: 1,
      clientGroupID: this.groupId,
      cookie: this.cookie,
      profileID: "bench",
      schemaVersion: SCHEMA_VERSION,
      ...(this.projects ? { projects: this.projects, tasks: [] } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`pull: ${response.status} ${text.slice(0, 200)}`);
    const body: unknown = JSON.parse(text);
    if (typeof body !== "object" || body === null || !("cookie" in body)) {
      throw new Error(`pull: unexpected answer ${text.slice(0, 200)}`);
    }
    this.cookie = body.cookie;
    const patch: unknown[] = "patch" in body && Array.isArray(body.patch) ? body.patch : [];
    const ops = patch.length;
    const keys = patch.flatMap((op) =>
      typeof op === "object" && op !== null && "key" in op && typeof op.key === "string"
        ? [op.key]
        : [],
    );
    const more =
      typeof body.cookie === "object" &&
      body.cookie !== null &&
      "more" in body.cookie &&
      body.cookie.more === true;
    return { bytes: Buffer.byteLength(text), ops, more, keys };
  }

  /** A first pull: page after page while the server says more is coming, as the client does. */
  async pullAllPages(): Promise<{
    firstPageMs: number;
    pages: number;
    bytes: number;
    largest: number;
  }> {
    const started = performance.now();
    let page = await this.pull();
    const firstPageMs = performance.now() - started;
    let pages = 1;
    let bytes = page.bytes;
    let largest = page.bytes;
    while (page.more) {
      page = await this.pull();
      pages++;
      bytes += page.bytes;
      largest = Math.max(largest, page.bytes);
    }
    return { firstPageMs, pages, bytes, largest };
  }
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await fn();
  return [performance.now() - started, result];
}

let counter = 0;
const uniqueId = () => `bench${(counter++).toString(36)}${randomUUID().slice(0, 8)}`;

/** The everyday mix: rename, move, create. */
function mutationFor(workspace: BenchWorkspace, i: number): Mutation {
  const task = workspace.sample[i % workspace.sample.length];
  const now = new Date().toISOString();
  if (!task || i % 3 === 2) {
    return {
      name: "createTask",
      args: {
        id: uniqueId(),
        projectId: workspace.projects[0]?.id,
        title: `Bench task ${i}`,
        status: "to-do",
        createdAt: now,
      },
    };
  }
  if (i % 3 === 0) {
    return {
      name: "updateTask",
      args: {
        id: task.id,
        projectId: task.projectId,
        title: `${task.title} (${i})`,
        updatedAt: now,
      },
    };
  }
  return {
    name: "moveTask",
    args: {
      id: task.id,
      projectId: task.projectId,
      status: i % 2 ? "in-progress" : "to-do",
      position: generateKeyBetween("a0", "a1"),
      updatedAt: now,
    },
  };
}

export async function measureServer(
  system: BenchSystem,
  figures: Figures,
  options: { pullScopes: [string, number][]; pushWorkspace: string; quick: boolean },
) {
  const { baseUrl } = system;
  const runs = options.quick ? 5 : 30;

  // Pulls, per scope size: the first (full) pull, page by page, then no-op pulls.
  for (const [key, tasks] of options.pullScopes) {
    const workspace = system.workspaces.get(key);
    if (!workspace) continue;
    const fullRuns = options.quick || tasks > 20_000 ? 2 : 3;
    const fullTimes: number[] = [];
    const fullSizes: number[] = [];
    const firstPages: number[] = [];
    const largestPages: number[] = [];
    const pageCounts: number[] = [];
    let client = new SyncClient(baseUrl, workspace.sessions[0]);
    for (let i = 0; i < fullRuns; i++) {
      client = new SyncClient(baseUrl, workspace.sessions[0]);
      const [ms, first] = await timed(() => client.pullAllPages());
      fullTimes.push(ms);
      fullSizes.push(first.bytes / 1024 / 1024);
      firstPages.push(first.firstPageMs);
      largestPages.push(first.largest / 1024 / 1024);
      pageCounts.push(first.pages);
    }
    const n = tasks.toLocaleString("en");
    console.log(`    first full pull of ${n} tasks: ${pageCounts.join(", ")} pages`);
    figures.add(`first full pull, ${n} tasks: time (all pages)`, "ms", fullTimes);
    figures.add(`first full pull, ${n} tasks: size (all pages)`, "MB", fullSizes);
    figures.add(`first full pull, ${n} tasks: first page`, "ms", firstPages);
    figures.add(`first full pull, ${n} tasks: largest page`, "MB", largestPages);

    const noOp: number[] = [];
    for (let i = 0; i < runs; i++) {
      const [ms] = await timed(() => client.pull());
      noOp.push(ms);
    }
    figures.add(
      `no-op pull, ${n} tasks in scope`,
      "ms",
      noOp,
      tasks === 10_000 ? budgets.noOpPull : null,
    );

    // One change by someone else, then the pull that brings it.
    const writer = new SyncClient(baseUrl, workspace.sessions[1]);
    const afterChange: number[] = [];
    const changeRuns = options.quick ? 3 : tasks > 20_000 ? 5 : 15;
    for (let i = 0; i < changeRuns; i++) {
      await writer.push([mutationFor(workspace, i * 3)]);
      const [ms, { ops }] = await timed(() => client.pull());
      if (ops === 0) throw new Error("the pull after a change brought nothing");
      afterChange.push(ms);
    }
    figures.add(`pull after one change, ${n} tasks in scope`, "ms", afterChange);

    // Partial sync: what a browser that opened one project pulls (issue 19).
    const project = workspace.projects[0];
    if (workspace.projects.length > 1 && project) {
      const partialTimes: number[] = [];
      const partialSizes: number[] = [];
      const partialFirst: number[] = [];
      let partial = new SyncClient(baseUrl, workspace.sessions[0], [project.id]);
      for (let i = 0; i < fullRuns; i++) {
        partial = new SyncClient(baseUrl, workspace.sessions[0], [project.id]);
        const [ms, first] = await timed(() => partial.pullAllPages());
        partialTimes.push(ms);
        partialSizes.push(first.bytes / 1024 / 1024);
        partialFirst.push(first.firstPageMs);
      }
      const p = `one project of ${workspace.projects.length}, ${n} tasks in the workspace`;
      figures.add(`first partial pull, ${p}: time (all pages)`, "ms", partialTimes);
      figures.add(`first partial pull, ${p}: size (all pages)`, "MB", partialSizes);
      figures.add(`first partial pull, ${p}: first page`, "ms", partialFirst);
      const partialNoOp: number[] = [];
      for (let i = 0; i < runs; i++) {
        const [ms] = await timed(() => partial.pull());
        partialNoOp.push(ms);
      }
      figures.add(`no-op pull, partial, ${p}`, "ms", partialNoOp, budgets.noOpPull);
      // A change in another project: the partial client's pull finds nothing to send.
      const other = workspace.projects[1];
      const elsewhere: number[] = [];
      for (let i = 0; i < changeRuns && other; i++) {
        await writer.push([
          {
            name: "createTask",
            args: {
              id: uniqueId(),
              projectId: other.id,
              title: `Elsewhere ${i}`,
              status: "to-do",
              createdAt: new Date().toISOString(),
            },
          },
        ]);
        // Only the project's own row comes (its last task number moved), none of its tasks.
        const [ms, { keys }] = await timed(() => partial.pull());
        if (keys.some((key) => key.startsWith(`task/${other.id}/`))) {
          throw new Error("a task of a project not loaded reached a partial pull");
        }
        elsewhere.push(ms);
      }
      figures.add(`pull after a change in a project not loaded, ${p}`, "ms", elsewhere);
    }
  }

  // Push throughput: several browsers of the workspace's people pushing at once.
  const workspace = system.workspaces.get(options.pushWorkspace);
  if (!workspace) return;
  await system.settle();
  const clients = Number(process.env.BENCH_PUSH_CLIENTS ?? 8);
  const seconds = options.quick ? 1.5 : 4;
  const pushRuns = options.quick ? 2 : 5;
  /**
   * `clients` pushing `batch` mutations a request for `duration` seconds: mutations per second.
   * `run` picks the range its mutations are numbered from (the warm-up takes the one after
   * the runs').
   */
  const pushFor = async (batch: number, duration: number, run: number) => {
    let done = 0;
    let failures = 0;
    const deadline = performance.now() + duration * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        const client = new SyncClient(baseUrl, workspace.sessions[c % 2] ?? []);
        let i = c * 1000 + run * 100_000;
        while (performance.now() < deadline) {
          const mutations = Array.from({ length: batch }, () => mutationFor(workspace, i++));
          await client.push(mutations);
          done += batch;
        }
        failures += client.failures;
      }),
    );
    if (failures > 0) console.log(`    (${failures} pushes failed with a 5xx and were sent again)`);
    return done / ((performance.now() - started) / 1000);
  };
  // A server just started is still warming up (compiled code, connections, cached sessions):
  // its first second of pushes runs about a fifth slower (425/s against 520/s on 2 cores),
  // which the quick mode's short runs used to count. Not measured.
  const warm = await pushFor(1, 1, pushRuns);
  console.log(`  push warm-up (not counted): ${warm.toFixed(0)} mutations/s`);
  for (const batch of [1, 20]) {
    const rates: number[] = [];
    for (let run = 0; run < pushRuns; run++) rates.push(await pushFor(batch, seconds, run));
    const real = system.mode === "postgres";
    figures.add(
      `push throughput, ${clients} clients, ${batch} mutation${batch > 1 ? "s" : ""}/request${real ? "" : " (embedded)"}`,
      "mutations/s",
      rates,
      real ? budgets.push : null,
    );
  }
}
