import { randomUUID } from "node:crypto";
import { Replicache, type ReadonlyJSONValue } from "replicache";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as Y from "yjs";
import { DOCUMENT_FRAGMENT, toBase64 } from "../../../shared/description-doc.ts";
import { documentSeedUpdate } from "../../../shared/rich-text/document-yjs.ts";
import {
  commentKey,
  descriptionDocKey,
  labelKey,
  prefixes,
  projectKey,
  reactionKey,
  relationKey,
  statusKey,
  taskStoreKey,
  workspaceKey,
} from "../../../shared/keys.ts";
import { taskSchema } from "../../../shared/entities.ts";
import { SCHEMA_VERSION } from "../../../shared/schema-version.ts";
import { sessionPuller, sessionPusher } from "../../test/replicache-http.ts";
import {
  SERVER_START_TIMEOUT,
  createWorkspace,
  newId,
  signUp,
  type TestUser,
} from "../../test/sync-client.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import { createMutators } from "../../../shared/mutators/mutators.ts";

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

/** An update that appends `text` to the description held by `state`, with that state. */
function appended(state: Uint8Array, text: string): string {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  const block = doc.getXmlFragment(DOCUMENT_FRAGMENT).get(0) as Y.XmlElement;
  const description = block.get(0) as Y.XmlText;
  description.insert(description.length, text, {});
  return toBase64(Y.encodeStateAsUpdate(doc));
}

it("every mutator's optimistic value equals the row the server sends back", async () => {
  const projectId = newId("p");
  const labelId = newId("l");
  const taskId = newId("t");
  const otherTaskId = newId("t");
  const commentId = newId("c");
  const subtaskId = newId("t");
  const relationId = newId("r");
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
  await rep.mutate.editDescription({
    id: taskId,
    projectId,
    update: appended(documentSeedUpdate("**bold**"), " and more"),
    updatedAt: at(5),
  });
  await rep.mutate.moveTask({ id: otherTaskId, status: "done", position: "a3", updatedAt: at(5) });
  await rep.mutate.addComment({ id: commentId, taskId, body: "Nice", createdAt: at(6) });
  await rep.mutate.updateComment({ id: commentId, taskId, body: "Nicer", updatedAt: at(7) });
  await rep.mutate.addReaction({ commentId, taskId, emoji: "👍🏽", createdAt: at(7) });
  await rep.mutate.updateProject({
    id: projectId,
    description: "About parity",
    isPublic: true,
    updatedAt: at(8),
  });
  await rep.mutate.updateLabel({ id: labelId, color: "purple", updatedAt: at(9) });
  await rep.mutate.createTask({
    id: subtaskId,
    projectId,
    title: "A part of it",
    parentId: taskId,
    createdAt: at(10),
  });
  await rep.mutate.addRelation({
    id: relationId,
    workspaceId,
    taskId: otherTaskId,
    relatedTaskId: taskId,
    kind: "blocks",
    createdAt: at(11),
  });
  await snapshot(
    taskStoreKey(projectId, subtaskId),
    relationKey(workspaceId, relationId),
    projectKey(workspaceId, projectId),
    labelKey(workspaceId, labelId),
    taskStoreKey(projectId, taskId),
    taskStoreKey(projectId, otherTaskId),
    commentKey(taskId, commentId),
    reactionKey(taskId, commentId, user.id, "👍🏽"),
    descriptionDocKey(taskId),
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
  expect(await read(taskStoreKey(projectId, taskId))).toBeDefined();

  await rep.mutate.deleteProject({ id: projectId });
  expect(await read(taskStoreKey(projectId, taskId))).toBeUndefined();
  expect(await statusKeys(projectId)).toEqual([]);
  await sync();

  expect(await read(projectKey(workspaceId, projectId))).toBeUndefined();
  expect(await read(taskStoreKey(projectId, taskId))).toBeUndefined();
  expect(await statusKeys(projectId)).toEqual([]);
});

const statusKeys = (projectId: string) =>
  rep.query((tx) =>
    tx
      .scan({ prefix: prefixes.status(projectId) })
      .keys()
      .toArray(),
  );

it("a project's statuses, and every change to its workflow, look the same on both sides", async () => {
  const projectId = newId("p");
  const qa = newId("s");
  const [reviewed, another, tested, late] = [newId("t"), newId("t"), newId("t"), newId("t")];
  const at = (minute: number) => `2030-05-03T10:${String(minute).padStart(2, "0")}:00.456Z`;
  const optimistic = new Map<string, ReadonlyJSONValue | undefined>();
  const snapshot = async (...keys: string[]) => {
    for (const key of keys) optimistic.set(key, await read(key));
  };
  await rep.mutate.createProject({
    id: projectId,
    workspaceId,
    name: "Flow",
    key: "FLOW",
    createdAt: at(0),
  });
  const defaults = await statusKeys(projectId);
  expect(defaults).toHaveLength(6);
  await rep.mutate.createStatus({
    id: qa,
    projectId,
    name: "QA",
    category: "started",
    color: "teal",
    icon: "flask",
    position: "a4",
    createdAt: at(1),
  });
  await rep.mutate.updateStatus({
    id: "in-progress",
    projectId,
    name: "Building",
    color: "orange",
    icon: "rocket",
    position: "a3V",
    updatedAt: at(2),
  });
  for (const [index, id] of [reviewed, another].entries()) {
    await rep.mutate.createTask({
      id,
      projectId,
      title: `Review ${index}`,
      status: "in-review",
      position: `a${index}`,
      createdAt: at(3),
    });
  }
  await rep.mutate.createTask({
    id: tested,
    projectId,
    title: "Tested",
    status: qa,
    position: "a0",
    createdAt: at(4),
  });
  await rep.mutate.createTask({ id: late, projectId, title: "Late", createdAt: at(4) });
  await rep.mutate.deleteStatus({
    id: "in-review",
    projectId,
    replacementId: qa,
    updatedAt: at(5),
  });
  // Made after the deletion (as a rebased offline move would be): it lands in the replacement.
  await rep.mutate.moveTask({
    id: late,
    projectId,
    status: "in-review",
    position: "a9",
    updatedAt: at(6),
  });
  await snapshot(
    ...defaults,
    statusKey(projectId, qa),
    ...[reviewed, another, tested, late].map((id) => taskStoreKey(projectId, id)),
  );
  expect(optimistic.get(taskStoreKey(projectId, late))).toMatchObject({ status: qa });

  await sync();

  for (const [key, value] of optimistic) {
    expect(value, key).toBeDefined();
    expect(await read(key), key).toEqual(value);
  }
});

it("a deleted parent's sub-tasks are kept without it, and its relations go, on both sides", async () => {
  const projectId = newId("p");
  const [parentId, subtaskId, otherId] = [newId("t"), newId("t"), newId("t")];
  const relationId = newId("r");
  const at = "2030-05-03T00:00:00.000Z";
  await rep.mutate.createProject({
    id: projectId,
    workspaceId,
    name: "Tree",
    key: "TREE",
    createdAt: at,
  });
  await rep.mutate.createTask({ id: parentId, projectId, title: "Parent", createdAt: at });
  await rep.mutate.createTask({
    id: subtaskId,
    projectId,
    title: "Child",
    parentId,
    createdAt: at,
  });
  await rep.mutate.createTask({ id: otherId, projectId, title: "Other", createdAt: at });
  await rep.mutate.addRelation({
    id: relationId,
    workspaceId,
    taskId: parentId,
    relatedTaskId: otherId,
    kind: "relates",
    createdAt: at,
  });
  await sync();

  await rep.mutate.deleteTask({ id: parentId, projectId, subtasks: "detach", deletedAt: at });
  const optimistic = await read(taskStoreKey(projectId, subtaskId));
  expect(optimistic).toMatchObject({ parentId: null });
  expect(await read(relationKey(workspaceId, relationId))).toBeUndefined();
  await sync();

  expect(await read(taskStoreKey(projectId, parentId))).toBeUndefined();
  expect(await read(relationKey(workspaceId, relationId))).toBeUndefined();
  expect(await read(taskStoreKey(projectId, subtaskId))).toEqual(optimistic);
});

it("a restored task shows its old number at once, and the server brings back the same task", async () => {
  const projectId = newId("p");
  const labelId = newId("l");
  const taskId = newId("t");
  const commentId = newId("c");
  const at = (minute: number) => `2030-05-03T10:${String(minute).padStart(2, "0")}:00.456Z`;
  await rep.mutate.createProject({
    id: projectId,
    workspaceId,
    name: "Undo",
    key: "UND",
    createdAt: at(0),
  });
  await rep.mutate.createLabel({
    id: labelId,
    workspaceId,
    name: "UX",
    color: "blue",
    createdAt: at(1),
  });
  await rep.mutate.createTask({ id: newId("t"), projectId, title: "First", createdAt: at(2) });
  await rep.mutate.createTask({
    id: taskId,
    projectId,
    title: "Bring me back",
    priority: "low",
    assigneeId: user.id,
    labelIds: [labelId],
    createdAt: at(3),
  });
  await rep.mutate.addComment({ id: commentId, taskId, body: "Still here", createdAt: at(4) });
  await sync();
  const deleted = taskSchema.parse(await read(taskStoreKey(projectId, taskId)));
  await rep.mutate.deleteTask({ id: taskId, projectId });
  await sync();
  expect(await read(commentKey(taskId, commentId))).toBeUndefined();

  await rep.mutate.restoreTask({
    ...deleted,
    labelIds: [...deleted.labelIds],
    restoredAt: at(5),
  });
  const optimistic = await read(taskStoreKey(projectId, taskId));
  expect(optimistic).toMatchObject({ number: 2, updatedAt: at(5) });
  await sync();

  expect(await read(taskStoreKey(projectId, taskId))).toEqual(optimistic);
  expect(await read(commentKey(taskId, commentId))).toMatchObject({ body: "Still here" });
  expect(await rep.query((tx) => tx.scan({ prefix: "notice/" }).toArray())).toEqual([]);
});
