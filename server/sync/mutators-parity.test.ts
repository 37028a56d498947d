import { randomUUID } from "node:crypto";
import { Replicache, type ReadonlyJSONValue } from "replicache";
import { afterAll, beforeAll, expect, it } from "vitest";
import { commentKey, labelKey, projectKey, taskKey, workspaceKey } from "../../shared/keys.ts";
import { createMutators } from "../../shared/mutators.ts";
import { SCHEMA_VERSION } from "../../shared/schema-version.ts";
import { sessionPuller, sessionPusher } from "../test/replicache-http.ts";
import {
  SERVER_START_TIMEOUT,
  createWorkspace,
  newId,
  signUp,
  type TestUser,
} from "../test/sync-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

/**
 * The shared mutators run in Replicache itself (in Node, in-memory store) against the real
 * server: what a mutator shows optimistically is what the server sends back for the same
 * arguments, field for field.
 */

let server: TestServer;
let user: TestUser;
let workspaceId: string;
let rep: Replicache<ReturnType<typeof createMutators>>;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUp(server, "Parity");
  workspaceId = await createWorkspace(server, user, "Parity");
  rep = new Replicache({
    name: randomUUID(),
    kvStore: "mem",
    schemaVersion: SCHEMA_VERSION,
    mutators: createMutators(user.id),
    puller: sessionPuller(server, user),
    pusher: sessionPusher(server, user),
    pullInterval: null,
    // Pushed by hand below, so the optimistic values can be read before the server's arrive.
    pushDelay: 60_000,
  });
  await until(async () => (await read(workspaceKey(workspaceId))) !== undefined);
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await rep?.close();
  await server?.stop();
});

const read = (key: string) => rep.query((tx) => tx.get(key));

async function until(condition: () => Promise<boolean>, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting for the store");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Pushes everything pending and pulls until the server has confirmed it all. */
async function sync() {
  await rep.push({ now: true });
  await until(async () => {
    await rep.pull({ now: true });
    return (await rep.experimentalPendingMutations()).length === 0;
  });
}

it("every mutator's optimistic value equals the row the server sends back", async () => {
  const projectId = newId("p");
  const labelId = newId("l");
  const taskId = newId("t");
  const otherTaskId = newId("t");
  const commentId = newId("c");
  const at = (minute: number) => `2030-05-01T10:${String(minute).padStart(2, "0")}:00.123Z`;
  const optimistic = new Map<string, ReadonlyJSONValue | undefined>();
  const snapshot = async (...keys: string[]) => {
    for (const key of keys) optimistic.set(key, await read(key));
  };

  await rep.mutate.createProject({
    id: projectId,
    workspaceId,
    name: "  Parity project ",
    key: "PAR",
    icon: "rocket",
    createdAt: at(0),
  });
  await rep.mutate.createLabel({
    id: labelId,
    workspaceId,
    name: "Bug",
    color: "red",
    createdAt: at(1),
  });
  await rep.mutate.createTask({
    id: taskId,
    projectId,
    title: "Write parity test",
    description: "**bold**",
    priority: "high",
    assigneeId: user.id,
    dueDate: "2030-06-01",
    labelIds: [labelId],
    createdAt: at(2),
  });
  await rep.mutate.createTask({ id: otherTaskId, projectId, title: "Second", createdAt: at(3) });
  await rep.mutate.updateTask({
    id: taskId,
    projectId,
    status: "in-progress",
    dueDate: null,
    updatedAt: at(4),
  });
  await rep.mutate.moveTask({ id: otherTaskId, status: "done", position: "a3", updatedAt: at(5) });
  await rep.mutate.addComment({ id: commentId, taskId, body: "Nice", createdAt: at(6) });
  await rep.mutate.updateComment({ id: commentId, taskId, body: "Nicer", updatedAt: at(7) });
  await rep.mutate.updateProject({
    id: projectId,
    description: "About parity",
    isPublic: true,
    updatedAt: at(8),
  });
  await rep.mutate.updateLabel({ id: labelId, color: "purple", updatedAt: at(9) });
  await snapshot(
    projectKey(workspaceId, projectId),
    labelKey(workspaceId, labelId),
    taskKey(projectId, taskId),
    taskKey(projectId, otherTaskId),
    commentKey(taskId, commentId),
  );

  await sync();

  for (const [key, value] of optimistic) {
    expect(value, key).toBeDefined();
    expect(await read(key), key).toEqual(value);
  }
  expect(await rep.query((tx) => tx.scan({ prefix: "notice/" }).toArray())).toEqual([]);
});

it("a deleted row is gone on both sides", async () => {
  const projectId = newId("p");
  const taskId = newId("t");
  await rep.mutate.createProject({
    id: projectId,
    workspaceId,
    name: "Doomed",
    key: "DOOM",
    createdAt: "2030-05-02T00:00:00.000Z",
  });
  await rep.mutate.createTask({
    id: taskId,
    projectId,
    title: "Doomed task",
    createdAt: "2030-05-02T00:00:00.000Z",
  });
  await sync();
  expect(await read(taskKey(projectId, taskId))).toBeDefined();

  await rep.mutate.deleteProject({ id: projectId });
  expect(await read(taskKey(projectId, taskId))).toBeUndefined();
  await sync();

  expect(await read(projectKey(workspaceId, projectId))).toBeUndefined();
  expect(await read(taskKey(projectId, taskId))).toBeUndefined();
});
