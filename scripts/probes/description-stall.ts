/**
 * `npx tsx scripts/probes/description-stall.ts [--seconds 10] [--tasks 2000] [--pushes 8] [--items 12000]`:
 * does one person's large description slow everyone else down (issue 43.4)? On the benchmark's
 * production server (scripts/bench/bench-server.ts; with DATABASE_URL a fresh database on that
 * Postgres, else the embedded one), one person builds a large description through pushes
 * (`--pushes` updates of `--items` one-character insertions each, every one its own Yjs item, as
 * a crafted client can send them), then edits it from two tabs in a loop, while a person of
 * another workspace pulls with nothing new to get. Prints that person's no-op pull median and
 * p95 at rest; while the two tabs change the task's title in a loop (the control: what any
 * busy person costs the others here); while they send the same 24-character edit again and
 * again (what the issue measured); and while they each type new 24-character edits (each tab
 * pulling after its push, as a poked browser does); the author's push times; the document's
 * size.
 */
import os from "node:os";
import { parseArgs } from "node:util";
import * as Y from "yjs";
import {
  DESCRIPTION_TEXT,
  fromBase64,
  seedUpdate,
  toBase64,
} from "../../shared/description-doc.ts";
import type { DescriptionDoc, Notice, Task } from "../../shared/entities.ts";
import { descriptionDocKey, taskStoreKey } from "../../shared/keys.ts";
import { m, now, SyncClient, type TestUser } from "../../server/test/sync-client.ts";
import { cookieHeader, startBenchSystem, type BenchWorkspace } from "../bench/bench-server.ts";
import { quantile } from "../bench/figures.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    tasks: { type: "string", default: "2000" },
    pushes: { type: "string", default: "8" },
    items: { type: "string", default: "12000" },
  },
});
const seconds = Number(values.seconds);
const tasks = Number(values.tasks);
const pushes = Number(values.pushes);
const items = Number(values.items);
for (const [name, value] of Object.entries({ seconds, tasks, pushes, items })) {
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name}: a positive integer`);
}

const system = await startBenchSystem(
  [
    { key: "author", options: { tasks: 5, projects: 1, members: 1, label: "stall-a", seed: 43 } },
    { key: "other", options: { tasks, projects: 1, members: 1, label: "stall-b", seed: 44 } },
  ],
  { env: { RATE_LIMIT: "false", LOG_LEVEL: "error" } },
);
const exitCode = await run().finally(() => system.stop());
process.exit(exitCode);

async function run(): Promise<number> {
  const server = { url: system.baseUrl };
  const author = workspaceOf("author");
  const other = workspaceOf("other");
  const projectId = author.projects[0]!.id;
  const taskId = author.sample[0]!.id;
  const tab = () => scoped(new SyncClient(server, owner(author)), [projectId], [taskId]);
  const watcher = scoped(new SyncClient(server, owner(other)), [other.projects[0]!.id], []);
  await pullUntilQuiet(watcher);

  console.log(`\nBuilding the description: ${pushes} pushes of ${items} one-character items…`);
  const builder = tab();
  await pullUntilQuiet(builder);
  const doc = new Y.Doc();
  const seed = seedUpdate(taskOf(builder, projectId, taskId).description);
  Y.applyUpdate(doc, seed);
  for (let push = 1; push <= pushes; push++) {
    const before = Y.encodeStateVector(doc);
    doc.transact(() => {
      for (let i = 0; i < items; i++) doc.getText(DESCRIPTION_TEXT).insert(0, "x");
    });
    const delta = Y.encodeStateAsUpdate(doc, before);
    const update = push === 1 ? Y.mergeUpdates([seed, delta]) : delta;
    const started = performance.now();
    await builder.push(edit(projectId, taskId, toBase64(update)));
    const took = performance.now() - started;
    const refusals = await newNotices(builder);
    const state = stateOf(builder, taskId);
    console.log(
      `  push ${push}: answered in ${ms(took)}, the document ${kb(state?.length ?? 0)}` +
        (refusals.length ? `, refused: ${refusals.map((notice) => notice.message).join(" ")}` : ""),
    );
  }
  const built = stateOf(builder, taskId);
  if (!built) throw new Error("no document was stored");
  console.log(`  stored: ${kb(built.length)}, ${structCount(built).toLocaleString()} items`);

  const quiet = await pullsFor(watcher, async () => {});

  // Two tabs of the author, each with its copy of the document.
  const tabs = [tab(), tab()];
  await Promise.all(tabs.map(pullUntilQuiet));
  const copies = tabs.map((client) => {
    const copy = new Y.Doc();
    Y.applyUpdate(copy, stateOf(client, taskId) ?? built);
    return copy;
  });
  const typed = (copy: Y.Doc) => {
    const before = Y.encodeStateVector(copy);
    const text = copy.getText(DESCRIPTION_TEXT);
    text.insert(Math.floor(Math.random() * text.length), "a 24-character edit here");
    return toBase64(Y.encodeStateAsUpdate(copy, before));
  };

  // The control: the same two tabs sending another change of the task (its title) in a loop,
  // what any busy person costs the others on this machine.
  const titlePushes: number[] = [];
  const titled = await pullsFor(watcher, (until) =>
    Promise.all(
      tabs.map(async (client, index) => {
        while (performance.now() < until) {
          const started = performance.now();
          const title = `Large description (${index}, ${titlePushes.length})`;
          await client.push(m("updateTask", { id: taskId, projectId, title, updatedAt: now() }));
          titlePushes.push(performance.now() - started);
        }
      }),
    ),
  );

  const same = typed(copies[0]!);
  const resendPushes: number[] = [];
  const resent = await pullsFor(watcher, (until) =>
    Promise.all(
      tabs.map(async (client) => {
        while (performance.now() < until) {
          const started = performance.now();
          await client.push(edit(projectId, taskId, same));
          resendPushes.push(performance.now() - started);
        }
      }),
    ),
  );

  const typingPushes: number[] = [];
  const typing = await pullsFor(watcher, (until) =>
    Promise.all(
      tabs.map(async (client, index) => {
        while (performance.now() < until) {
          const started = performance.now();
          await client.push(edit(projectId, taskId, typed(copies[index]!)));
          typingPushes.push(performance.now() - started);
          await client.pull();
        }
      }),
    ),
  );
  const refused = (await Promise.all(tabs.map(newNotices))).flat();
  const last = stateOf(tabs[0]!, taskId) ?? built;

  console.log(`\nAnother workspace's no-op pull (${tasks} tasks), ${system.mode}:`);
  console.log(`  at rest:                        ${line(quiet)}`);
  console.log(`  a title changed, 2 tabs:        ${line(titled)}`);
  console.log(`  the same edit re-sent, 2 tabs:  ${line(resent)}`);
  console.log(`  new edits typed, 2 tabs:        ${line(typing)}`);
  console.log(`The author's pushes:`);
  console.log(`  title:   ${line(titlePushes)}`);
  console.log(`  re-sent: ${line(resendPushes)}`);
  console.log(
    `  typed:   ${line(typingPushes)}${refused.length ? `, ${refused.length} refused` : ""}`,
  );
  console.log(`The document: ${kb(last.length)}, ${structCount(last).toLocaleString()} items`);
  console.log(
    `Load average: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(" ")}`,
  );
  return 0;
}

function workspaceOf(key: string): BenchWorkspace {
  const workspace = system.workspaces.get(key);
  if (!workspace) throw new Error(`${key} was not seeded`);
  return workspace;
}

/** The workspace's owner, signed in with the benchmark's session. */
function owner(workspace: BenchWorkspace): TestUser {
  const person = workspace.people[0]!;
  return { ...person, cookie: cookieHeader(workspace.sessions[0]) };
}

function scoped(client: SyncClient, projects: string[], tasks: string[]): SyncClient {
  client.projects = projects;
  client.tasks = tasks;
  return client;
}

function edit(projectId: string, id: string, update: string) {
  return m("editDescription", { id, projectId, update, updatedAt: now() });
}

/** Pulls until a pull brings nothing (a first pull comes in pages). */
async function pullUntilQuiet(client: SyncClient) {
  while ((await client.pull()).patch.length > 0);
}

/**
 * The client's no-op pulls, one after another, for `--seconds` while `load` runs (it is given
 * the moment to stop); their times in ms.
 */
async function pullsFor(
  client: SyncClient,
  load: (until: number) => Promise<unknown>,
): Promise<number[]> {
  const until = performance.now() + seconds * 1000;
  const times: number[] = [];
  const pulling = (async () => {
    while (performance.now() < until) {
      const started = performance.now();
      await client.pull();
      times.push(performance.now() - started);
    }
  })();
  await Promise.all([pulling, load(until)]);
  return times;
}

async function newNotices(client: SyncClient): Promise<Notice[]> {
  const before = new Set(client.keys("notice/"));
  await client.pull();
  return client.values<Notice>("notice/").filter((notice) => !before.has(`notice/${notice.id}`));
}

function taskOf(client: SyncClient, projectId: string, id: string): Task {
  const task = client.get(taskStoreKey(projectId, id));
  if (!task) throw new Error(`task ${id} is not in the store`);
  return task as Task;
}

function stateOf(client: SyncClient, taskId: string): Uint8Array | null {
  const stored = client.get(descriptionDocKey(taskId)) as DescriptionDoc | undefined;
  return stored ? fromBase64(stored.state) : null;
}

/** The document's structs (items and runs of deleted ones): what a merge's time follows. */
function structCount(state: Uint8Array): number {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  let count = 0;
  for (const structs of doc.store.clients.values()) count += structs.length;
  doc.destroy();
  return count;
}

function line(times: number[]): string {
  const at = (q: number) => ms(quantile(times, q) ?? 0);
  return `p50 ${at(0.5)}, p95 ${at(0.95)} (${times.length})`;
}

function ms(value: number): string {
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
}

function kb(bytes: number): string {
  return `${Math.round(bytes / 1024).toLocaleString()} KB`;
}
