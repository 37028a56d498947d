import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Activity, Notice, Relation, Task } from "../../../shared/entities.ts";
import { prefixes, relationKey, taskStoreKey } from "../../../shared/keys.ts";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  addMember,
  createWorkspace,
  m,
  newId,
  now,
  signUp,
  type Mutation,
  type TestUser,
} from "../../test/sync-client.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

/**
 * Sub-tasks (one level, same project) and relations (same workspace), through push and pull:
 * what the rules allow arrives for everyone with a line in each task's history; what they do
 * not allow is refused, gone on the next pull and explained by a notice.
 */

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let workspaceId: string;
let otherWorkspaceId: string;
let outsiderWorkspaceId: string;
let web: { id: string; key: string };
let ops: { id: string; key: string };
let elsewhere: { id: string; key: string };
let outsiderProject: { id: string; key: string };

let ownerClient: SyncClient;
let memberClient: SyncClient;

let keyCount = 0;
const projectKeyName = (prefix: string) => `${prefix}${++keyCount}${Date.now() % 1000}`;

beforeAll(async () => {
  server = await startTestServer();
  [owner, member, outsider] = await Promise.all([
    signUp(server, "Owner"),
    signUp(server, "Member"),
    signUp(server, "Outsider"),
  ]);
  workspaceId = await createWorkspace(server, owner, "Acme");
  otherWorkspaceId = await createWorkspace(server, owner, "Side project");
  outsiderWorkspaceId = await createWorkspace(server, outsider, "Elsewhere");
  await addMember(server, owner, workspaceId, member);
  web = { id: newId("p"), key: projectKeyName("WEB") };
  ops = { id: newId("p"), key: projectKeyName("OPS") };
  elsewhere = { id: newId("p"), key: projectKeyName("SIDE") };
  outsiderProject = { id: newId("p"), key: projectKeyName("OUT") };
  await new SyncClient(server, owner).push(
    m("createProject", { id: web.id, workspaceId, name: "Web", key: web.key, createdAt: now() }),
    m("createProject", { id: ops.id, workspaceId, name: "Ops", key: ops.key, createdAt: now() }),
    m("createProject", {
      id: elsewhere.id,
      workspaceId: otherWorkspaceId,
      name: "Side",
      key: elsewhere.key,
      createdAt: now(),
    }),
  );
  await new SyncClient(server, outsider).push(
    m("createProject", {
      id: outsiderProject.id,
      workspaceId: outsiderWorkspaceId,
      name: "Theirs",
      key: outsiderProject.key,
      createdAt: now(),
    }),
  );
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

beforeEach(async () => {
  ownerClient = new SyncClient(server, owner);
  memberClient = new SyncClient(server, member);
  await Promise.all([ownerClient.pull(), memberClient.pull()]);
});

/** Creates a task (of the owner) and returns its id and key ("WEB-3"). */
async function createTask(
  project: { id: string; key: string },
  fields: { parentId?: string; client?: SyncClient } = {},
): Promise<{ id: string; key: string }> {
  const client = fields.client ?? ownerClient;
  const id = newId("t");
  await client.push(
    m("createTask", {
      id,
      projectId: project.id,
      title: `Task ${id}`,
      ...(fields.parentId ? { parentId: fields.parentId } : {}),
      createdAt: now(),
    }),
  );
  await client.pull();
  const task = client.get(taskStoreKey(project.id, id)) as Task | undefined;
  return { id, key: task ? `${project.key}-${task.number}` : "" };
}

async function expectRefused(client: SyncClient, mutation: Mutation, code: Notice["code"]) {
  await client.pull();
  const before = new Set(client.keys(prefixes.notice));
  await client.push(mutation);
  await client.pull();
  const fresh = client
    .keys(prefixes.notice)
    .filter((key) => !before.has(key))
    .map((key) => client.get(key) as Notice);
  expect(fresh).toEqual([expect.objectContaining({ mutationName: mutation.name, code })]);
  return fresh[0]?.message ?? "";
}

/** The task's history as (kind, from, to), in the order written. */
function history(client: SyncClient, taskId: string) {
  return client
    .values<Activity>(prefixes.activity(taskId))
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
    .map(({ kind, from, to }) => ({ kind, from, to }));
}

const taskOf = (client: SyncClient, projectId: string, id: string) =>
  client.get(taskStoreKey(projectId, id)) as Task | undefined;

describe("sub-tasks", () => {
  it("a task created under a parent is its sub-task, and both histories say so", async () => {
    const parent = await createTask(web);

    const child = await createTask(web, { parentId: parent.id });
    await memberClient.pull();

    expect(taskOf(memberClient, web.id, child.id)).toMatchObject({ parentId: parent.id });
    expect(taskOf(memberClient, web.id, parent.id)).toMatchObject({ parentId: null });
    expect(history(memberClient, parent.id)).toContainEqual({
      kind: "subtask",
      from: null,
      to: child.key,
    });
    expect(history(memberClient, child.id)).toContainEqual({
      kind: "parent",
      from: null,
      to: parent.key,
    });
  });

  it("a parent in another project is refused; the sub-task is not created", async () => {
    const parent = await createTask(ops);
    const id = newId("t");

    const message = await expectRefused(
      ownerClient,
      m("createTask", {
        id,
        projectId: web.id,
        title: "Lost",
        parentId: parent.id,
        createdAt: now(),
      }),
      "INVALID",
    );

    expect(message).toMatch(/same project/);
    expect(taskOf(ownerClient, web.id, id)).toBeUndefined();
  });

  it("a sub-task cannot have sub-tasks of its own (one level)", async () => {
    const parent = await createTask(web);
    const child = await createTask(web, { parentId: parent.id });
    const id = newId("t");

    const message = await expectRefused(
      ownerClient,
      m("createTask", {
        id,
        projectId: web.id,
        title: "Too deep",
        parentId: child.id,
        createdAt: now(),
      }),
      "INVALID",
    );

    expect(message).toMatch(/cannot have sub-tasks/);
    expect(taskOf(ownerClient, web.id, id)).toBeUndefined();
  });

  it("a task with sub-tasks cannot become a sub-task; its parent stays empty", async () => {
    const parent = await createTask(web);
    await createTask(web, { parentId: parent.id });
    const other = await createTask(web);

    const message = await expectRefused(
      memberClient,
      m("updateTask", { id: parent.id, parentId: other.id, updatedAt: now() }),
      "INVALID",
    );

    expect(message).toMatch(/with sub-tasks cannot become a sub-task/);
    expect(taskOf(memberClient, web.id, parent.id)).toMatchObject({ parentId: null });
  });

  it("a task cannot be its own parent", async () => {
    const task = await createTask(web);

    await expectRefused(
      ownerClient,
      m("updateTask", { id: task.id, parentId: task.id, updatedAt: now() }),
      "INVALID",
    );

    expect(taskOf(ownerClient, web.id, task.id)).toMatchObject({ parentId: null });
  });

  it("a parent from a workspace the task is not in is as missing as no task at all", async () => {
    const task = await createTask(web);
    const foreign = await createTask(elsewhere);

    await expectRefused(
      ownerClient,
      m("updateTask", { id: task.id, parentId: foreign.id, updatedAt: now() }),
      "NOT_FOUND",
    );
  });

  it("a member sets and clears a parent; the parent's history lists the sub-task coming and going", async () => {
    const parent = await createTask(web);
    const task = await createTask(web);

    await memberClient.push(
      m("updateTask", { id: task.id, parentId: parent.id, updatedAt: now() }),
    );
    await ownerClient.pull();
    expect(taskOf(ownerClient, web.id, task.id)).toMatchObject({ parentId: parent.id });

    await memberClient.push(m("updateTask", { id: task.id, parentId: null, updatedAt: now() }));
    await ownerClient.pull();
    expect(taskOf(ownerClient, web.id, task.id)).toMatchObject({ parentId: null });
    expect(history(ownerClient, parent.id)).toEqual([
      { kind: "created", from: null, to: null },
      { kind: "subtask", from: null, to: task.key },
      { kind: "subtask", from: task.key, to: null },
    ]);
    expect(history(ownerClient, task.id)).toEqual([
      { kind: "created", from: null, to: null },
      { kind: "parent", from: null, to: parent.key },
      { kind: "parent", from: parent.key, to: null },
    ]);
  });

  it("deleting a parent with its sub-tasks deletes them for everyone", async () => {
    const parent = await createTask(web);
    const first = await createTask(web, { parentId: parent.id });
    const second = await createTask(web, { parentId: parent.id });
    await memberClient.pull();
    expect(taskOf(memberClient, web.id, first.id)).toBeDefined();

    await ownerClient.push(m("deleteTask", { id: parent.id, subtasks: "delete" }));
    const response = await memberClient.pull();

    for (const id of [parent.id, first.id, second.id]) {
      expect(response.patch).toContainEqual({ op: "del", key: taskStoreKey(web.id, id) });
      expect(taskOf(memberClient, web.id, id)).toBeUndefined();
    }
    expect(memberClient.keys(prefixes.activity(first.id))).toEqual([]);
  });

  it("deleting a parent and keeping its sub-tasks leaves them standalone, saying why", async () => {
    const parent = await createTask(web);
    const first = await createTask(web, { parentId: parent.id });
    const second = await createTask(web, { parentId: parent.id });
    const deletedAt = now();

    await ownerClient.push(m("deleteTask", { id: parent.id, subtasks: "detach", deletedAt }));
    await memberClient.pull();

    expect(taskOf(memberClient, web.id, parent.id)).toBeUndefined();
    for (const id of [first.id, second.id]) {
      expect(taskOf(memberClient, web.id, id)).toMatchObject({ parentId: null });
      expect(history(memberClient, id).at(-1)).toEqual({
        kind: "parent",
        from: parent.key,
        to: null,
      });
    }
  });

  it("a delete that does not say keeps the sub-tasks", async () => {
    const parent = await createTask(web);
    const child = await createTask(web, { parentId: parent.id });

    await ownerClient.push(m("deleteTask", { id: parent.id }));
    await ownerClient.pull();

    expect(taskOf(ownerClient, web.id, child.id)).toMatchObject({ parentId: null });
  });
});

describe("relations", () => {
  const relations = (client: SyncClient) => client.values<Relation>(prefixes.relation(workspaceId));

  it("a task blocking a task of another project reaches every member, with both histories", async () => {
    const blocker = await createTask(web);
    const blocked = await createTask(ops);
    const id = newId("r");
    const createdAt = now();

    await ownerClient.push(
      m("addRelation", {
        id,
        workspaceId,
        taskId: blocker.id,
        relatedTaskId: blocked.id,
        kind: "blocks",
        createdAt,
      }),
    );
    await memberClient.pull();

    expect(memberClient.get(relationKey(workspaceId, id))).toEqual({
      id,
      workspaceId,
      taskId: blocker.id,
      relatedTaskId: blocked.id,
      kind: "blocks",
      createdBy: owner.id,
      createdAt,
      taskProjectId: web.id,
      relatedProjectId: ops.id,
    });
    expect(history(memberClient, blocker.id)).toContainEqual({
      kind: "blocks",
      from: null,
      to: blocked.key,
    });
    expect(history(memberClient, blocked.id)).toContainEqual({
      kind: "blocked-by",
      from: null,
      to: blocker.key,
    });
  });

  it("tasks of two workspaces cannot be related, even by someone in both", async () => {
    const task = await createTask(web);
    const foreign = await createTask(elsewhere);
    const id = newId("r");

    const message = await expectRefused(
      ownerClient,
      m("addRelation", {
        id,
        workspaceId,
        taskId: task.id,
        relatedTaskId: foreign.id,
        kind: "relates",
        createdAt: now(),
      }),
      "INVALID",
    );

    expect(message).toMatch(/same workspace/);
    expect(ownerClient.get(relationKey(workspaceId, id))).toBeUndefined();
  });

  it("a member of another workspace cannot relate to tasks they cannot see", async () => {
    const hidden = await createTask(web);
    const theirs = await createTask(outsiderProject, { client: new SyncClient(server, outsider) });
    const outsiderClient = new SyncClient(server, outsider);

    await expectRefused(
      outsiderClient,
      m("addRelation", {
        id: newId("r"),
        workspaceId: outsiderWorkspaceId,
        taskId: theirs.id,
        relatedTaskId: hidden.id,
        kind: "duplicate",
        createdAt: now(),
      }),
      "NOT_FOUND",
    );
    await expectRefused(
      outsiderClient,
      m("addRelation", {
        id: newId("r"),
        workspaceId,
        taskId: hidden.id,
        relatedTaskId: (await createTask(web)).id,
        kind: "blocks",
        createdAt: now(),
      }),
      "NOT_FOUND",
    );
    expect(outsiderClient.keys(prefixes.relation())).toEqual([]);
    await ownerClient.pull();
    expect(relations(ownerClient).filter((r) => r.taskId === hidden.id)).toEqual([]);
  });

  it("a member of another workspace cannot remove a relation", async () => {
    const a = await createTask(web);
    const b = await createTask(web);
    const id = newId("r");
    await ownerClient.push(
      m("addRelation", {
        id,
        workspaceId,
        taskId: a.id,
        relatedTaskId: b.id,
        kind: "relates",
        createdAt: now(),
      }),
    );

    await expectRefused(
      new SyncClient(server, outsider),
      m("removeRelation", { id, removedAt: now() }),
      "NOT_FOUND",
    );
    await memberClient.pull();
    expect(memberClient.get(relationKey(workspaceId, id))).toBeDefined();
  });

  it("two tasks are related once: a second relation, either way round, is refused", async () => {
    const a = await createTask(web);
    const b = await createTask(ops);
    await ownerClient.push(
      m("addRelation", {
        id: newId("r"),
        workspaceId,
        taskId: a.id,
        relatedTaskId: b.id,
        kind: "blocks",
        createdAt: now(),
      }),
    );

    const message = await expectRefused(
      memberClient,
      m("addRelation", {
        id: newId("r"),
        workspaceId,
        taskId: b.id,
        relatedTaskId: a.id,
        kind: "duplicate",
        createdAt: now(),
      }),
      "CONFLICT",
    );

    expect(message).toMatch(/already related/);
    expect(relations(memberClient).filter((r) => [a.id, b.id].includes(r.taskId))).toHaveLength(1);
  });

  it("a task cannot be related to itself", async () => {
    const a = await createTask(web);

    await expectRefused(
      ownerClient,
      m("addRelation", {
        id: newId("r"),
        workspaceId,
        taskId: a.id,
        relatedTaskId: a.id,
        kind: "relates",
        createdAt: now(),
      }),
      "INVALID",
    );
  });

  it("a removed relation leaves every store, and both histories say so", async () => {
    const original = await createTask(web);
    const copy = await createTask(web);
    const id = newId("r");
    await ownerClient.push(
      m("addRelation", {
        id,
        workspaceId,
        taskId: copy.id,
        relatedTaskId: original.id,
        kind: "duplicate",
        createdAt: now(),
      }),
    );
    await memberClient.pull();
    expect(memberClient.get(relationKey(workspaceId, id))).toBeDefined();

    await memberClient.push(m("removeRelation", { id, workspaceId, removedAt: now() }));
    const response = await ownerClient.pull();

    expect(response.patch).toContainEqual({ op: "del", key: relationKey(workspaceId, id) });
    expect(history(ownerClient, copy.id).slice(-2)).toEqual([
      { kind: "duplicate-of", from: null, to: original.key },
      { kind: "duplicate-of", from: original.key, to: null },
    ]);
    expect(history(ownerClient, original.id).at(-1)).toEqual({
      kind: "duplicated-by",
      from: copy.key,
      to: null,
    });
  });

  it("deleting a task takes its relations out of every store on the next pull", async () => {
    const blocker = await createTask(web);
    const blocked = await createTask(ops);
    const id = newId("r");
    await ownerClient.push(
      m("addRelation", {
        id,
        workspaceId,
        taskId: blocker.id,
        relatedTaskId: blocked.id,
        kind: "blocks",
        createdAt: now(),
      }),
    );
    await memberClient.pull();
    expect(memberClient.get(relationKey(workspaceId, id))).toBeDefined();

    await ownerClient.push(m("deleteTask", { id: blocker.id }));
    const response = await memberClient.pull();

    expect(response.patch).toContainEqual({ op: "del", key: relationKey(workspaceId, id) });
    expect(memberClient.get(relationKey(workspaceId, id))).toBeUndefined();
    expect(taskOf(memberClient, ops.id, blocked.id)).toBeDefined();
  });

  it("a first pull brings the workspace's relations", async () => {
    const a = await createTask(web);
    const b = await createTask(web);
    const id = newId("r");
    await ownerClient.push(
      m("addRelation", {
        id,
        workspaceId,
        taskId: a.id,
        relatedTaskId: b.id,
        kind: "relates",
        createdAt: now(),
      }),
    );

    const fresh = new SyncClient(server, member);
    await fresh.pull();

    expect(fresh.get(relationKey(workspaceId, id))).toMatchObject({ kind: "relates" });
  });
});

describe("undoing a deletion (restoreTask)", () => {
  /** What undo sends for a task as the store held it before the delete. */
  const restore = (task: Task) =>
    m("restoreTask", {
      id: task.id,
      projectId: task.projectId,
      number: task.number,
      title: task.title,
      status: task.status,
      position: task.position,
      parentId: task.parentId,
      createdAt: task.createdAt,
      restoredAt: now(),
    });

  it("a parent deleted with its sub-tasks comes back with them and with its relations", async () => {
    const parent = await createTask(web);
    const child = await createTask(web, { parentId: parent.id });
    const blocker = await createTask(ops);
    const relationId = newId("r");
    await ownerClient.push(
      m("addRelation", {
        id: relationId,
        workspaceId,
        taskId: blocker.id,
        relatedTaskId: child.id,
        kind: "blocks",
        createdAt: now(),
      }),
    );
    await ownerClient.pull();
    const before = taskOf(ownerClient, web.id, parent.id);
    if (!before) throw new Error("the parent is not in the store");

    await ownerClient.push(m("deleteTask", { id: parent.id, subtasks: "delete" }));
    await memberClient.pull();
    expect(taskOf(memberClient, web.id, child.id)).toBeUndefined();
    expect(memberClient.get(relationKey(workspaceId, relationId))).toBeUndefined();

    await ownerClient.push(restore(before));
    await memberClient.pull();

    expect(taskOf(memberClient, web.id, parent.id)).toMatchObject({ number: before.number });
    expect(taskOf(memberClient, web.id, child.id)).toMatchObject({ parentId: parent.id });
    expect(memberClient.get(relationKey(workspaceId, relationId))).toMatchObject({
      taskId: blocker.id,
      relatedTaskId: child.id,
      kind: "blocks",
    });
    expect(history(memberClient, child.id).at(-1)).toMatchObject({ kind: "restored" });
  });

  it("a sub-task comes back under its parent, but not under one that has since become a sub-task", async () => {
    const parent = await createTask(web);
    const child = await createTask(web, { parentId: parent.id });
    const before = taskOf(ownerClient, web.id, child.id);
    if (!before) throw new Error("the sub-task is not in the store");
    await ownerClient.push(m("deleteTask", { id: child.id }));
    await ownerClient.push(restore(before));
    await ownerClient.pull();
    expect(taskOf(ownerClient, web.id, child.id)).toMatchObject({ parentId: parent.id });

    const grand = await createTask(web);
    await ownerClient.push(m("deleteTask", { id: child.id }));
    await ownerClient.push(
      m("updateTask", { id: parent.id, parentId: grand.id, updatedAt: now() }),
    );
    await ownerClient.push(restore(before));
    await ownerClient.pull();

    expect(taskOf(ownerClient, web.id, parent.id)).toMatchObject({ parentId: grand.id });
    expect(taskOf(ownerClient, web.id, child.id)).toMatchObject({ parentId: null });
  });
});
