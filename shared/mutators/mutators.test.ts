import { randomUUID } from "node:crypto";
import { Replicache } from "replicache";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Label, Project, Task } from "../entities.ts";
import { commentKey, labelKey, prefixes, projectKey, reactionKey, taskStoreKey } from "../keys.ts";
import { type MutatorArgs, createMutators } from "./mutators.ts";

/** The optimistic side of every mutator, on Replicache's own in-memory store in Node. */

const USER = "user-1";
const WORKSPACE = "ws-1";
const T0 = "2030-01-01T10:00:00.000Z";
const T1 = "2030-01-01T11:00:00.000Z";

let rep: Replicache<ReturnType<typeof createMutators>>;

beforeEach(async () => {
  rep = new Replicache({
    name: randomUUID(),
    kvStore: "mem",
    mutators: createMutators(USER),
    pullInterval: null,
  });
  await rep.mutate.createProject({
    id: "p1",
    workspaceId: WORKSPACE,
    name: "Web",
    key: "WEB",
    createdAt: T0,
  });
});

afterEach(async () => {
  await rep.close();
});

const read = <T>(key: string) => rep.query((tx) => tx.get(key)) as Promise<T | undefined>;

describe("projects", () => {
  it("a new project starts private with no tasks", async () => {
    expect(await read<Project>(projectKey(WORKSPACE, "p1"))).toEqual({
      id: "p1",
      workspaceId: WORKSPACE,
      name: "Web",
      key: "WEB",
      icon: null,
      description: "",
      isPublic: false,
      lastTaskNumber: 0,
      createdAt: T0,
      updatedAt: T0,
    });
  });

  it("a project key that breaks the rules throws at the caller and changes nothing", async () => {
    await expect(
      rep.mutate.createProject({
        id: "p2",
        workspaceId: WORKSPACE,
        name: "x",
        key: "web",
        createdAt: T0,
      }),
    ).rejects.toThrow();
    expect(await read(projectKey(WORKSPACE, "p2"))).toBeUndefined();
  });

  it("deleting a project removes its tasks and their comments", async () => {
    await rep.mutate.createTask({ id: "t1", projectId: "p1", title: "A", createdAt: T0 });
    await rep.mutate.addComment({ id: "c1", taskId: "t1", body: "hi", createdAt: T0 });

    await rep.mutate.deleteProject({ id: "p1" });

    expect(await read(projectKey(WORKSPACE, "p1"))).toBeUndefined();
    expect(await read(taskStoreKey("p1", "t1"))).toBeUndefined();
    expect(await read(commentKey("t1", "c1"))).toBeUndefined();
  });
});

describe("tasks", () => {
  it("a new task gets the next provisional number and goes to the end of its column", async () => {
    await rep.mutate.createTask({ id: "t1", projectId: "p1", title: "First", createdAt: T0 });
    await rep.mutate.createTask({ id: "t2", projectId: "p1", title: "Second", createdAt: T0 });
    await rep.mutate.createTask({
      id: "t3",
      projectId: "p1",
      title: "Elsewhere",
      status: "done",
      createdAt: T0,
    });

    const first = await read<Task>(taskStoreKey("p1", "t1"));
    const second = await read<Task>(taskStoreKey("p1", "t2"));
    const third = await read<Task>(taskStoreKey("p1", "t3"));
    expect([first?.number, second?.number, third?.number]).toEqual([1, 2, 3]);
    expect(first?.position && second?.position && first.position < second.position).toBe(true);
    expect(third?.position).toBe(first?.position);
    expect(await read<Project>(projectKey(WORKSPACE, "p1"))).toMatchObject({ lastTaskNumber: 3 });
    expect(first).toMatchObject({
      workspaceId: WORKSPACE,
      status: "to-do",
      priority: "no-priority",
      createdBy: USER,
      labelIds: [],
    });
  });

  it("an update changes only the fields it carries", async () => {
    await rep.mutate.createTask({
      id: "t1",
      projectId: "p1",
      title: "Title",
      description: "Body",
      priority: "high",
      createdAt: T0,
    });

    await rep.mutate.updateTask({
      id: "t1",
      status: "in-review",
      labelIds: ["b", "a", "b"],
      updatedAt: T1,
    });

    expect(await read<Task>(taskStoreKey("p1", "t1"))).toMatchObject({
      title: "Title",
      description: "Body",
      priority: "high",
      status: "in-review",
      labelIds: ["a", "b"],
      createdAt: T0,
      updatedAt: T1,
    });
  });

  it("the project hint is only a shortcut: a task is found without it", async () => {
    await rep.mutate.createTask({ id: "t1", projectId: "p1", title: "Title", createdAt: T0 });

    await rep.mutate.moveTask({ id: "t1", status: "done", position: "a9", updatedAt: T1 });
    await rep.mutate.updateTask({ id: "t1", projectId: "wrong", title: "Found", updatedAt: T1 });

    expect(await read<Task>(taskStoreKey("p1", "t1"))).toMatchObject({
      status: "done",
      position: "a9",
      title: "Found",
    });
  });

  it("a restored task comes back with its old number, without the labels deleted meanwhile", async () => {
    await rep.mutate.createLabel({
      id: "l1",
      workspaceId: WORKSPACE,
      name: "Bug",
      color: "red",
      createdAt: T0,
    });
    await rep.mutate.createTask({ id: "t1", projectId: "p1", title: "First", createdAt: T0 });
    await rep.mutate.deleteTask({ id: "t1", projectId: "p1" });

    const restore: MutatorArgs["restoreTask"] = {
      id: "t1",
      projectId: "p1",
      number: 7,
      title: "First",
      status: "in-progress",
      position: "a5",
      labelIds: ["l2", "l1"],
      createdBy: "someone-else",
      createdAt: T0,
      restoredAt: T1,
    };
    await rep.mutate.restoreTask(restore);

    expect(await read<Task>(taskStoreKey("p1", "t1"))).toMatchObject({
      number: 7,
      status: "in-progress",
      position: "a5",
      labelIds: ["l1"],
      createdBy: "someone-else",
      createdAt: T0,
      updatedAt: T1,
    });
    // The provisional number of the next new task does not move.
    expect(await read<Project>(projectKey(WORKSPACE, "p1"))).toMatchObject({ lastTaskNumber: 1 });

    // A second restore of a task that is back changes nothing.
    await rep.mutate.restoreTask({ ...restore, labelIds: [], title: "Other" });
    expect(await read<Task>(taskStoreKey("p1", "t1"))).toMatchObject({ title: "First" });
  });

  it("a mutation of a task the store does not hold does nothing", async () => {
    await rep.mutate.updateTask({ id: "ghost", title: "Boo", updatedAt: T1 });
    await rep.mutate.deleteTask({ id: "ghost" });

    expect(await rep.query((tx) => tx.scan({ prefix: "task/" }).keys().toArray())).toEqual([]);
  });
});

describe("labels and comments", () => {
  it("deleting a label takes it off the tasks that had it", async () => {
    await rep.mutate.createLabel({
      id: "l1",
      workspaceId: WORKSPACE,
      name: "Bug",
      color: "red",
      createdAt: T0,
    });
    await rep.mutate.createTask({
      id: "t1",
      projectId: "p1",
      title: "A",
      labelIds: ["l1"],
      createdAt: T0,
    });

    await rep.mutate.deleteLabel({ id: "l1" });

    expect(await read<Label>(labelKey(WORKSPACE, "l1"))).toBeUndefined();
    expect(await read<Task>(taskStoreKey("p1", "t1"))).toMatchObject({ labelIds: [] });
  });

  it("a comment is written by the signed-in person and edited in place", async () => {
    await rep.mutate.addComment({ id: "c1", taskId: "t1", body: "  Hello  ", createdAt: T0 });
    await rep.mutate.updateComment({ id: "c1", body: "Hello again", updatedAt: T1 });

    expect(await read(commentKey("t1", "c1"))).toEqual({
      id: "c1",
      taskId: "t1",
      authorId: USER,
      body: "Hello again",
      createdAt: T0,
      updatedAt: T1,
    });
  });
});

describe("reactions", () => {
  const reactions = () => rep.query((tx) => tx.scan({ prefix: prefixes.reaction("t1") }).toArray());

  beforeEach(async () => {
    await rep.mutate.createTask({ id: "t1", projectId: "p1", title: "A", createdAt: T0 });
    await rep.mutate.addComment({ id: "c1", taskId: "t1", body: "Ship it", createdAt: T0 });
  });

  it("a reaction is the signed-in person's, under a key made of comment, person and emoji", async () => {
    await rep.mutate.addReaction({ commentId: "c1", taskId: "t1", emoji: "🎉", createdAt: T1 });

    expect(await read(reactionKey("t1", "c1", USER, "🎉"))).toEqual({
      taskId: "t1",
      commentId: "c1",
      userId: USER,
      emoji: "🎉",
      createdAt: T1,
    });
  });

  it("adding the same emoji twice keeps one reaction, with its first time", async () => {
    await rep.mutate.addReaction({ commentId: "c1", taskId: "t1", emoji: "👍", createdAt: T0 });
    await rep.mutate.addReaction({ commentId: "c1", taskId: "t1", emoji: "👍", createdAt: T1 });

    expect(await reactions()).toEqual([expect.objectContaining({ emoji: "👍", createdAt: T0 })]);
  });

  it("removing takes back only the person's own emoji, and removing one not there does nothing", async () => {
    await rep.mutate.addReaction({ commentId: "c1", taskId: "t1", emoji: "👍", createdAt: T0 });
    await rep.mutate.addReaction({ commentId: "c1", taskId: "t1", emoji: "🚀", createdAt: T0 });

    await rep.mutate.removeReaction({ commentId: "c1", taskId: "t1", emoji: "👍" });
    await rep.mutate.removeReaction({ commentId: "c1", taskId: "t1", emoji: "👀" });

    expect(await reactions()).toEqual([expect.objectContaining({ emoji: "🚀" })]);
  });

  it("a reaction on a comment the store does not hold does nothing", async () => {
    await rep.mutate.addReaction({ commentId: "c9", taskId: "t1", emoji: "👍", createdAt: T0 });

    expect(await reactions()).toEqual([]);
  });

  it("what is not one emoji throws at the caller and changes nothing", async () => {
    for (const emoji of ["", "ok", "👍👍", "👍 ", "a/b"]) {
      await expect(
        rep.mutate.addReaction({ commentId: "c1", taskId: "t1", emoji, createdAt: T0 }),
      ).rejects.toThrow();
    }
    expect(await reactions()).toEqual([]);
  });

  it("a comment's reactions go with it, and a task's with the task", async () => {
    await rep.mutate.addComment({ id: "c2", taskId: "t1", body: "Agreed", createdAt: T1 });
    await rep.mutate.addReaction({ commentId: "c1", taskId: "t1", emoji: "👍", createdAt: T1 });
    await rep.mutate.addReaction({ commentId: "c2", taskId: "t1", emoji: "❤️", createdAt: T1 });

    await rep.mutate.deleteComment({ id: "c1", taskId: "t1" });
    expect(await reactions()).toEqual([expect.objectContaining({ commentId: "c2" })]);

    await rep.mutate.deleteTask({ id: "t1", projectId: "p1", deletedAt: T1 });
    expect(await reactions()).toEqual([]);
  });
});
