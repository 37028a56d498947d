import type { ReadonlyJSONValue } from "replicache";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Activity, Comment, Notice, Subscriber, Task } from "../../../shared/entities.ts";
import { prefixes, taskStoreKey } from "../../../shared/keys.ts";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  addMember,
  createWorkspace,
  m,
  newId,
  now,
  restoreArgs,
  signUp,
  type TestUser,
} from "../../test/sync-client.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import type { MutatorArgs } from "../../../shared/mutators/mutators.ts";

/**
 * Undo of a delete (restoreTask): the same task comes back from the server's trash, with its
 * number, comments, history, labels and followers; once the trash has let it go, a new task is
 * made of the arguments. Refusals come as notices, never as a failed push.
 */

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let workspaceId: string;
let ownerClient: SyncClient;
let memberClient: SyncClient;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  [owner, member, outsider] = await Promise.all([
    signUp(server, "Olga Owner"),
    signUp(server, "Max Member"),
    signUp(server, "Otto Outsider"),
  ]);
  workspaceId = await createWorkspace(server, owner, "Trash");
  await addMember(server, owner, workspaceId, member, "member");
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

/** A fresh project for every test, so task numbers start at 1. */
beforeEach(async () => {
  ownerClient = new SyncClient(server, owner);
  memberClient = new SyncClient(server, member);
  projectId = newId("p");
  await ownerClient.push(
    m("createProject", {
      id: projectId,
      workspaceId,
      name: "Website",
      key: `W${Math.floor(Math.random() * 1e6)}`,
      createdAt: now(),
    }),
  );
});

async function createTask(title: string, extra: Partial<MutatorArgs["createTask"]> = {}) {
  const id = newId("t");
  await ownerClient.push(m("createTask", { id, projectId, title, createdAt: now(), ...extra }));
  await ownerClient.pull();
  return ownerClient.get(taskStoreKey(projectId, id)) as Task;
}

async function deleteTask(task: Task) {
  await ownerClient.push(m("deleteTask", { id: task.id, projectId }));
  await ownerClient.pull();
  expect(ownerClient.get(taskStoreKey(projectId, task.id))).toBeUndefined();
}

/**
 * Pushes restoreTask with these arguments (whatever they are, as any client could send them)
 * and expects HTTP 200 and a new notice with this code.
 */
async function expectRefused(client: SyncClient, args: ReadonlyJSONValue, code: Notice["code"]) {
  await client.pull();
  const before = client.values<Notice>(prefixes.notice).length;
  const mutation = {
    clientID: client.clientID,
    id: ++client.lastMutationID,
    name: "restoreTask",
    args,
    timestamp: Date.now(),
  };
  const response = await client.pushRaw(client.pushBody([mutation]));
  expect(response.status, JSON.stringify(args)).toBe(200);
  await client.pull();
  const notices = client.values<Notice>(prefixes.notice);
  expect(notices).toHaveLength(before + 1);
  expect(notices).toContainEqual(expect.objectContaining({ mutationName: "restoreTask", code }));
}

const trashRows = async (id: string) =>
  (await server.db.sql`select id from deleted_task where id = ${id}`).length;

describe("restoring a deleted task", () => {
  it("brings back the same task: number, comments, history, labels and followers", async () => {
    const bug = newId("l");
    const urgent = newId("l");
    await ownerClient.push(
      m("createLabel", { id: bug, workspaceId, name: "Bug", color: "red", createdAt: now() }),
      m("createLabel", { id: urgent, workspaceId, name: "Hot", color: "orange", createdAt: now() }),
    );
    await createTask("First");
    const task = await createTask("Keep me", {
      priority: "high",
      assigneeId: member.id,
      labelIds: [bug, urgent],
      dueDate: "2030-01-31",
    });
    const commentId = newId("c");
    await memberClient.push(
      m("addComment", { id: commentId, taskId: task.id, body: "Mind the edge", createdAt: now() }),
    );
    await ownerClient.pull();
    const activityBefore = ownerClient.values<Activity>(prefixes.activity(task.id));
    const subscribersBefore = ownerClient.values<Subscriber>(prefixes.subscriber(task.id));
    expect(task.number).toBe(2);
    expect(activityBefore.map((line) => line.kind).sort()).toEqual(["comment", "created"]);
    expect(subscribersBefore.map((s) => s.id).sort()).toEqual([owner.id, member.id].sort());
    await memberClient.pull();

    await deleteTask(task);
    expect(ownerClient.keys(prefixes.comment(task.id))).toEqual([]);
    await ownerClient.push(m("deleteLabel", { id: urgent }));
    await ownerClient.push(m("restoreTask", restoreArgs(task)));
    await ownerClient.pull();

    expect(ownerClient.get(taskStoreKey(projectId, task.id))).toMatchObject({
      number: 2,
      title: "Keep me",
      priority: "high",
      assigneeId: member.id,
      dueDate: "2030-01-31",
      createdBy: owner.id,
      createdAt: task.createdAt,
      position: task.position,
      // The label deleted meanwhile stays off.
      labelIds: [bug],
    });
    expect(ownerClient.values<Comment>(prefixes.comment(task.id))).toEqual([
      expect.objectContaining({ id: commentId, authorId: member.id, body: "Mind the edge" }),
    ]);
    const activityAfter = ownerClient.values<Activity>(prefixes.activity(task.id));
    expect(activityAfter).toEqual(expect.arrayContaining(activityBefore));
    expect(activityAfter.filter((line) => !activityBefore.some((b) => b.id === line.id))).toEqual([
      expect.objectContaining({ kind: "restored", actorId: owner.id }),
    ]);
    expect(ownerClient.values<Subscriber>(prefixes.subscriber(task.id))).toEqual(
      expect.arrayContaining(subscribersBefore.map((s) => expect.objectContaining({ id: s.id }))),
    );
    expect(await trashRows(task.id)).toBe(0);

    // Someone who saw the task before the delete gets it back on their next pull.
    const response = await memberClient.pull();
    expect(response.patch).toContainEqual(
      expect.objectContaining({ op: "put", key: taskStoreKey(projectId, task.id) }),
    );
    expect(memberClient.get(taskStoreKey(projectId, task.id))).toMatchObject({ number: 2 });
    expect(memberClient.keys(prefixes.comment(task.id))).toHaveLength(1);

    // The next task still gets the next number.
    expect(await createTask("After")).toMatchObject({ number: 3 });
  });

  it("a task already back is left as it is", async () => {
    const task = await createTask("Twice");
    await deleteTask(task);
    await ownerClient.push(m("restoreTask", restoreArgs(task)));
    await ownerClient.pull();
    const before = ownerClient.values<Notice>(prefixes.notice).length;

    await ownerClient.push(m("restoreTask", { ...restoreArgs(task), title: "Other" }));
    await ownerClient.pull();

    expect(ownerClient.get(taskStoreKey(projectId, task.id))).toMatchObject({
      number: 1,
      title: "Twice",
    });
    expect(ownerClient.values<Notice>(prefixes.notice)).toHaveLength(before);
  });

  it("after the trash let it go (30 days), a new task with a new number is made of the arguments", async () => {
    const task = await createTask("Old one");
    await ownerClient.push(
      m("addComment", { id: newId("c"), taskId: task.id, body: "Lost", createdAt: now() }),
    );
    await createTask("Second");
    await deleteTask(task);
    await server.db.sql`
      update deleted_task set deleted_at = now() - interval '31 days' where id = ${task.id}`;
    // Any delete purges the trash of what is past keeping.
    await deleteTask(await createTask("Third"));
    expect(await trashRows(task.id)).toBe(0);

    await ownerClient.push(m("restoreTask", restoreArgs(task)));
    await ownerClient.pull();

    expect(ownerClient.get(taskStoreKey(projectId, task.id))).toMatchObject({
      number: 4,
      title: "Old one",
      createdAt: task.createdAt,
    });
    expect(ownerClient.keys(prefixes.comment(task.id))).toEqual([]);
    expect(ownerClient.values<Activity>(prefixes.activity(task.id))).toEqual([
      expect.objectContaining({ kind: "created" }),
    ]);
  });

  it("a trash row past 30 days that is not purged yet is not restored either", async () => {
    const task = await createTask("Stale");
    await deleteTask(task);
    await server.db.sql`
      update deleted_task set deleted_at = now() - interval '31 days' where id = ${task.id}`;

    await ownerClient.push(m("restoreTask", restoreArgs(task)));
    await ownerClient.pull();

    expect(ownerClient.get(taskStoreKey(projectId, task.id))).toMatchObject({ number: 2 });
  });

  it("a task never deleted (no trash row) is created as createTask would", async () => {
    const id = newId("t");
    const args = { ...restoreArgs(await createTask("Template")), id, number: 99 };

    await ownerClient.push(m("restoreTask", args));
    await ownerClient.pull();

    expect(ownerClient.get(taskStoreKey(projectId, id))).toMatchObject({ number: 2 });
  });
});

describe("refusals", () => {
  it("a member may not restore a task: refused with a notice, and the trash keeps it", async () => {
    const task = await createTask("Owner's");
    await deleteTask(task);
    await memberClient.pull();

    await expectRefused(memberClient, restoreArgs(task), "FORBIDDEN");
    expect(memberClient.get(taskStoreKey(projectId, task.id))).toBeUndefined();
    expect(await trashRows(task.id)).toBe(1);
    const notice = memberClient
      .values<Notice>(prefixes.notice)
      .find((n) => n.mutationName === "restoreTask");
    expect(notice?.message).toBe("You are not allowed to restore deleted tasks in this workspace.");

    await ownerClient.push(m("restoreTask", restoreArgs(task)));
    await ownerClient.pull();
    expect(ownerClient.get(taskStoreKey(projectId, task.id))).toMatchObject({ number: 1 });
  });

  it("someone outside the workspace gets the same answer as for a missing project", async () => {
    const task = await createTask("Private");
    await deleteTask(task);

    await expectRefused(new SyncClient(server, outsider), restoreArgs(task), "NOT_FOUND");
    expect(await trashRows(task.id)).toBe(1);
  });

  it("a task of a deleted project is not restored: NOT_FOUND", async () => {
    const task = await createTask("Goes with the project");
    await deleteTask(task);
    await ownerClient.push(m("deleteProject", { id: projectId }));
    // The project's trash went with it.
    expect(await trashRows(task.id)).toBe(0);

    await expectRefused(ownerClient, restoreArgs(task), "NOT_FOUND");
    expect(ownerClient.keys(prefixes.task(projectId))).toEqual([]);
  });

  it("garbage arguments are refused with a notice, never a server error", async () => {
    const task = await createTask("Target");
    await deleteTask(task);
    const valid = restoreArgs(task);
    const { restoredAt: _, ...withoutTime } = valid;
    const garbage: ReadonlyJSONValue[] = [
      null,
      "restore",
      [valid],
      withoutTime,
      { ...valid, number: -1 },
      { ...valid, number: 2 ** 40 },
      { ...valid, number: 1.5 },
      { ...valid, number: "2" },
      { ...valid, id: "bad\u0000id" },
      { ...valid, projectId: "../etc" },
      { ...valid, restoredAt: "yesterday" },
      { ...valid, createdBy: { id: "x" } },
      { ...valid, labelIds: Array.from({ length: 51 }, (_, i) => `l${i}`) },
      { ...valid, labelIds: ["not a label id!"] },
      { ...valid, title: "x".repeat(501) },
      { ...valid, status: "gone" },
      { ...valid, position: "not a position" },
    ];
    for (const args of garbage) await expectRefused(ownerClient, args, "INVALID");
    expect(ownerClient.get(taskStoreKey(projectId, task.id))).toBeUndefined();
    expect(await trashRows(task.id)).toBe(1);
  });
});
