import { ReplicacheImpl } from "replicache/impl";
import { afterEach, expect, test } from "vitest";
import { createMutators } from "../../../shared/mutators/mutators.ts";
import type { Rep } from "./create-replicache.ts";
import { letFirstReadGoFirst } from "./first-read.ts";

const opened: Rep[] = [];
afterEach(async () => {
  for (const rep of opened.splice(0)) if (!rep.closed) await rep.close();
});

/** A store in memory, as the app makes one (with or without the first read let go first). */
function memoryStore(): Rep {
  const rep = new ReplicacheImpl({
    name: `first-read-${Math.random()}`,
    kvStore: "mem",
    mutators: createMutators("user-1"),
    pullInterval: null,
    logLevel: "error",
  });
  opened.push(rep);
  return rep;
}

function openingStore(): Rep {
  const rep = memoryStore();
  letFirstReadGoFirst(rep);
  return rep;
}

const createdAt = "2026-06-01T09:00:00.000Z";
const project = { id: "p1", workspaceId: "w1", name: "Website", key: "WEB", createdAt };

test("queries and subscriptions made while the store opens see what it holds, then its changes", async () => {
  const rep = openingStore();
  const names: (string | undefined)[] = [];
  const read = (tx: Parameters<Parameters<Rep["query"]>[0]>[0]) =>
    tx.get("project/w1/p1").then((value) => (value as { name?: string } | undefined)?.name);
  rep.subscribe(read, { onData: (name) => names.push(name) });
  const written = rep.mutate.createProject(project);
  expect(await rep.query(read)).toBe("Website");
  await written;
  await expect.poll(() => names.at(-1)).toBe("Website");
  await rep.mutate.updateProject({ id: "p1", name: "Website 2026", updatedAt: createdAt });
  await expect.poll(() => names.at(-1)).toBe("Website 2026");
});

test("a subscription stopped before the first read is in never hears from the store", async () => {
  const rep = openingStore();
  const heard: unknown[] = [];
  const stop = rep.subscribe((tx) => tx.has("project/w1/p1"), { onData: (has) => heard.push(has) });
  stop();
  await rep.mutate.createProject(project);
  await rep.query((tx) => tx.has("project/w1/p1"));
  expect(heard).toEqual([]);
});

test("a query on a store closing as it opens ends as it would without the first read", async () => {
  const outcome = async (rep: Rep) => {
    const closing = rep.close();
    const result = await rep
      .query((tx) => tx.has("x"))
      .then(
        (value) => `resolved ${String(value)}`,
        (error: unknown) => `rejected ${error instanceof Error ? error.message : String(error)}`,
      );
    await closing;
    return result;
  };
  expect(await outcome(openingStore())).toBe(await outcome(memoryStore()));
});
