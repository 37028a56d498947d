import { generateNKeysBetween } from "fractional-indexing";
import type { WriteTransaction } from "replicache";
import { ReplicacheImpl } from "replicache/impl";
import { afterEach, expect, test } from "vitest";
import type { Task } from "../../../shared/entities.ts";
import { defaultStatuses } from "../../../shared/statuses.ts";
import { taskStoreKey } from "../../../shared/keys.ts";
import { comparePositions } from "../../../shared/task-position.ts";
import { columnOf, TaskStore } from "./task-store.ts";
import { createMutators } from "../../../shared/mutators/mutators.ts";

const createdAt = "2026-06-01T09:00:00.000Z";
const opened: { rep: ReplicacheImpl<ReturnType<typeof createMutators>>; store: TaskStore }[] = [];

afterEach(async () => {
  for (const { rep, store } of opened.splice(0)) {
    store.close();
    await rep.close();
  }
});

/** A store in memory with one project, as the board reads it. */
async function boardStore() {
  const rep = new ReplicacheImpl({
    name: `task-store-${Math.random()}`,
    kvStore: "mem",
    mutators: createMutators("user-1"),
    pullInterval: null,
    logLevel: "error",
  });
  const store = new TaskStore(rep);
  opened.push({ rep, store });
  await rep.mutate.createProject({
    id: "project-1",
    workspaceId: "workspace-1",
    name: "Website",
    key: "WEB",
    createdAt,
  });
  const changed = () => new Promise<void>((resolve) => store.subscribe("project-1", resolve));
  return { rep, store, changed };
}

/** A store in memory with the app's mutators, and `putRows` to write rows as a pull does. */
function storeWithRows() {
  return new ReplicacheImpl({
    name: `task-store-${Math.random()}`,
    kvStore: "mem",
    mutators: {
      ...createMutators("user-1"),
      async putRows(tx: WriteTransaction, rows: { key: string; value: Task }[]) {
        for (const { key, value } of rows) await tx.set(key, value);
      },
    },
    pullInterval: null,
    logLevel: "error",
  });
}

/** A task's row as a pull writes it: the index-th of its project, in board order. */
function taskRow(projectId: string, id: string, index: number) {
  const value: Task = {
    id,
    workspaceId: "workspace-1",
    projectId,
    number: index + 1,
    title: `Task ${index}`,
    description: "",
    status: "to-do",
    priority: "no-priority",
    assigneeId: null,
    dueDate: null,
    position: `a${String(index).padStart(4, "0")}`,
    labelIds: [],
    parentId: null,
    createdBy: null,
    createdAt,
    updatedAt: createdAt,
  };
  return { key: taskStoreKey(projectId, id), value };
}

const titles = (store: TaskStore) => store.projectTasks("project-1").map((task) => task.title);

test("the board order follows each move, edit and deletion, as a full sort would give it", async () => {
  const { rep, store, changed } = await boardStore();
  const positions = generateNKeysBetween(null, null, 200);
  let change = changed();
  for (const [index, position] of positions.entries()) {
    await rep.mutate.createTask({
      id: `task-${index}`,
      projectId: "project-1",
      title: `Task ${index}`,
      status: "to-do",
      position,
      createdAt,
    });
  }
  await change;
  expect(titles(store).slice(0, 3)).toEqual(["Task 0", "Task 1", "Task 2"]);

  // One change at a time: a move to the top, a move between two, an edit, a deletion.
  const steps = [
    () =>
      rep.mutate.moveTask({
        id: "task-150",
        status: "done",
        position: generateNKeysBetween(null, positions[0] ?? null, 1)[0] ?? "a0",
        updatedAt: createdAt,
      }),
    () =>
      rep.mutate.moveTask({
        id: "task-3",
        status: "to-do",
        position:
          generateNKeysBetween(positions[100] ?? null, positions[101] ?? null, 1)[0] ?? "a0",
        updatedAt: createdAt,
      }),
    () => rep.mutate.updateTask({ id: "task-7", title: "Renamed", updatedAt: createdAt }),
    () => rep.mutate.deleteTask({ id: "task-42" }),
  ];
  // The columns as the board reads them, before the steps: the done column starts empty.
  store.projectColumns("project-1");
  for (const step of steps) {
    change = changed();
    await step();
    await change;
    const shown = store.projectTasks("project-1");
    expect(shown.map((task) => task.id)).toEqual(
      [...shown].sort(comparePositions).map((task) => task.id),
    );
    const columns = store.projectColumns("project-1");
    for (const { id: status } of defaultStatuses) {
      expect(columnOf(columns, status)).toEqual(shown.filter((task) => task.status === status));
    }
  }
  expect(titles(store)[0]).toBe("Task 150");
  expect(titles(store).indexOf("Task 3")).toBe(titles(store).indexOf("Task 100") + 1);
  expect(titles(store)).toContain("Renamed");
  expect(titles(store)).not.toContain("Task 42");
  expect(titles(store)).toHaveLength(199);
});

test("a change gives new arrays only to the columns of the statuses it touched", async () => {
  const { rep, store, changed } = await boardStore();
  const positions = generateNKeysBetween(null, null, 4);
  let change = changed();
  for (const [index, position] of positions.entries()) {
    await rep.mutate.createTask({
      id: `task-${index}`,
      projectId: "project-1",
      title: `Task ${index}`,
      status: index < 2 ? "to-do" : "done",
      position,
      createdAt,
    });
  }
  await change;
  const before = store.projectColumns("project-1");

  change = changed();
  await rep.mutate.moveTask({
    id: "task-1",
    status: "to-do",
    position: generateNKeysBetween(null, positions[0] ?? null, 1)[0] ?? "a0",
    updatedAt: createdAt,
  });
  await change;
  const after = store.projectColumns("project-1");
  expect(columnOf(after, "to-do").map((task) => task.title)).toEqual(["Task 1", "Task 0"]);
  expect(columnOf(after, "done")).toBe(columnOf(before, "done"));
  expect(store.findTask("project-1", "task-1")?.position).toBe(
    columnOf(after, "to-do")[0]?.position,
  );
});

test("a store opened on existing tasks reads every one of them, of every project, and the changes made while it reads", async () => {
  // Rows as a pull writes them, including tasks of a project the store does not have.
  const rep = storeWithRows();
  const projects = ["project-1", "project-2", "project-0"];
  const alphabet = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";
  const rows = Array.from({ length: 600 }, (_, index) => {
    const projectId = projects[index % 3] ?? "project-1";
    // Ids starting with every character of the alphabet, on both sides of each split.
    return taskRow(projectId, `${alphabet[index % alphabet.length]}${index}`, index);
  });
  for (const projectId of ["project-1", "project-2"]) {
    await rep.mutate.createProject({
      id: projectId,
      workspaceId: "workspace-1",
      name: projectId,
      key: projectId === "project-1" ? "ONE" : "TWO",
      createdAt,
    });
  }
  await rep.mutate.putRows(rows);

  const store = new TaskStore(rep);
  opened.push({ rep, store });
  const loaded = new Promise<void>((resolve) => store.subscribe("project-1", resolve));
  // Made while the store reads: it must not be lost nor undone by the read.
  void rep.mutate.updateTask({ id: "A11", title: "Renamed", updatedAt: createdAt });
  await loaded;
  // Project by project: the others (and the tasks of project-0, which has no row) follow.
  await expect.poll(() => projects.every((id) => store.isRead(id)), { timeout: 5000 }).toBe(true);

  for (const projectId of projects) {
    const expected = rows.filter((row) => row.value.projectId === projectId).map((row) => row.key);
    expect(
      store
        .projectTasks(projectId)
        .map((task) => taskStoreKey(projectId, task.id))
        .sort(),
    ).toEqual(expected.sort());
  }
  expect(
    projects.map((projectId) => store.findTask(projectId, "A11")?.title).filter(Boolean),
  ).toEqual(["Renamed"]);
});

test("sub-tasks are listed by parent, and a change of a task that is no sub-task keeps the lists", async () => {
  const { rep, store, changed } = await boardStore();
  let change = changed();
  for (const [id, parentId] of [
    ["parent", undefined],
    ["child-1", "parent"],
    ["child-2", "parent"],
    ["loner", undefined],
  ] as const) {
    await rep.mutate.createTask({ id, projectId: "project-1", title: id, parentId, createdAt });
  }
  await change;
  const before = store.projectSubtasks("project-1");
  expect(before.get("parent")?.map((task) => task.id)).toEqual(["child-1", "child-2"]);
  expect(store.taskById("child-2")?.parentId).toBe("parent");

  change = changed();
  await rep.mutate.updateTask({ id: "loner", title: "Still alone", updatedAt: createdAt });
  await change;
  expect(store.projectSubtasks("project-1")).toBe(before);

  change = changed();
  await rep.mutate.moveTask({
    id: "child-1",
    status: "done",
    position: "a5",
    updatedAt: createdAt,
  });
  await change;
  const moved = store.projectSubtasks("project-1");
  expect(moved).not.toBe(before);
  expect(moved.get("parent")?.map((task) => task.status)).toEqual(["done", "to-do"]);

  change = changed();
  await rep.mutate.deleteTask({ id: "parent", subtasks: "detach" });
  await change;
  expect(store.projectSubtasks("project-1").size).toBe(0);
  expect(store.taskById("parent")).toBeUndefined();
  expect(store.taskById("child-1")?.parentId).toBeNull();
});

/** A store in memory holding tasks of three projects (and one empty project), not yet read. */
async function storeOfProjects(perProject: number) {
  const rep = storeWithRows();
  const projects = ["project-a", "project-b", "project-c", "project-empty"];
  for (const [index, projectId] of projects.entries()) {
    await rep.mutate.createProject({
      id: projectId,
      workspaceId: "workspace-1",
      name: projectId,
      key: `P${index}`,
      createdAt,
    });
  }
  const rows = projects
    .slice(0, 3)
    .flatMap((projectId) =>
      Array.from({ length: perProject }, (_, index) =>
        taskRow(projectId, `${projectId}-${index}`, index),
      ),
    );
  await rep.mutate.putRows(rows);
  return rep;
}

/**
 * The order in which the store's projects become read, and each one's tasks at that moment:
 * through `subscribe` (a screen following each, which asks for it) or, with `watchAll`, only
 * through `subscribeAll`, which asks for none.
 */
function readOrder(store: TaskStore, projectIds: string[], { watchAll = false } = {}) {
  const order: { projectId: string; tasks: number; othersRead: string[] }[] = [];
  const record = () => {
    for (const projectId of projectIds) {
      if (!store.isRead(projectId) || order.some((entry) => entry.projectId === projectId)) {
        continue;
      }
      order.push({
        projectId,
        tasks: store.projectTasks(projectId).length,
        othersRead: projectIds.filter(
          (id) => id !== projectId && order.some((entry) => entry.projectId === id),
        ),
      });
    }
  };
  const all = () => projectIds.every((id) => order.some((entry) => entry.projectId === id));
  const done = new Promise<void>((resolve) => {
    const check = () => {
      record();
      if (all()) resolve();
    };
    if (watchAll) store.subscribeAll(check);
    else for (const projectId of projectIds) store.subscribe(projectId, check);
  });
  return { order, done };
}

test("an open reads the projects one by one, the projects opened last first: a board shows before the others are read", async () => {
  const rep = await storeOfProjects(300);
  const store = new TaskStore(rep, () => ["project-b", "project-c"]);
  opened.push({ rep, store });
  expect(store.isRead("project-b")).toBe(false);
  expect(store.projectTasks("project-b")).toEqual([]);
  // Watched without asking for any: the list decides.
  const all = ["project-a", "project-b", "project-c", "project-empty"];
  const { order, done } = readOrder(store, all, { watchAll: true });
  await done;
  expect(order.map((entry) => entry.projectId)).toEqual([
    "project-b",
    "project-c",
    "project-a",
    "project-empty",
  ]);
  // Each project whole when it is read; the first before any other.
  expect(order.map((entry) => entry.tasks)).toEqual([300, 300, 300, 0]);
  expect(order[0]?.othersRead).toEqual([]);
});

test("a project a screen asks for while the store opens is read before the rest", async () => {
  const rep = await storeOfProjects(200);
  const store = new TaskStore(rep, () => ["project-a", "project-b", "project-c"]);
  opened.push({ rep, store });
  const { order, done } = readOrder(store, ["project-c"]);
  await done;
  expect(order).toEqual([{ projectId: "project-c", tasks: 200, othersRead: [] }]);
});

test("an empty project, and one created after the open, are read too: their screens hear it", async () => {
  const rep = await storeOfProjects(10);
  const store = new TaskStore(rep, () => []);
  opened.push({ rep, store });
  const { order, done } = readOrder(store, ["project-empty", "project-new"]);
  await done;
  expect(order.map((entry) => [entry.projectId, entry.tasks]).sort()).toEqual([
    ["project-empty", 0],
    ["project-new", 0],
  ]);

  // A change to a project read meanwhile applies at once.
  const changed = new Promise<void>((resolve) => store.subscribe("project-new", resolve));
  await rep.mutate.createProject({
    id: "project-new",
    workspaceId: "workspace-1",
    name: "New",
    key: "NEW",
    createdAt,
  });
  await rep.mutate.createTask({ id: "fresh", projectId: "project-new", title: "Fresh", createdAt });
  await changed;
  expect(store.projectTasks("project-new").map((task) => task.title)).toEqual(["Fresh"]);
});

test("changes made while a project waits for its read are applied on top of what it reads", async () => {
  const rep = await storeOfProjects(200);
  const store = new TaskStore(rep, () => ["project-a", "project-b", "project-c"]);
  opened.push({ rep, store });
  // project-c is read last: these land while it waits.
  await rep.mutate.updateTask({ id: "project-c-5", title: "Renamed", updatedAt: createdAt });
  await rep.mutate.deleteTask({ id: "project-c-6", subtasks: "detach" });
  await rep.mutate.createTask({ id: "late", projectId: "project-c", title: "Late", createdAt });
  const { done } = readOrder(store, ["project-c"]);
  await done;
  const titles = new Map(store.projectTasks("project-c").map((task) => [task.id, task.title]));
  expect(titles.size).toBe(200);
  expect(titles.get("project-c-5")).toBe("Renamed");
  expect(titles.has("project-c-6")).toBe(false);
  expect(titles.get("late")).toBe("Late");
});

test("the page's own project is read at once, and changes made to it during that read apply on top", async () => {
  const rep = await storeOfProjects(200);
  const store = new TaskStore(rep, () => ["project-b", "project-a"]);
  opened.push({ rep, store });
  // Made while project-b (the page's) is read beside the list of projects.
  void rep.mutate.updateTask({ id: "project-b-5", title: "Renamed", updatedAt: createdAt });
  void rep.mutate.createTask({ id: "early", projectId: "project-b", title: "Early", createdAt });
  const { order, done } = readOrder(store, ["project-b", "project-a", "project-c"], {
    watchAll: true,
  });
  await done;
  expect(order.map((entry) => entry.projectId)).toEqual(["project-b", "project-a", "project-c"]);
  expect(order[0]?.othersRead).toEqual([]);
  const titles = new Map(store.projectTasks("project-b").map((task) => [task.id, task.title]));
  expect(titles.size).toBe(201);
  expect(titles.get("project-b-5")).toBe("Renamed");
  expect(titles.get("early")).toBe("Early");
  // A later change to it applies at once.
  const changed = new Promise<void>((resolve) => store.subscribe("project-b", resolve));
  await rep.mutate.updateTask({ id: "early", title: "Early, renamed", updatedAt: createdAt });
  await changed;
  expect(store.findTask("project-b", "early")?.title).toBe("Early, renamed");
});

test("the store says when the page's own project is read (a reload's pulls wait for it), at once when the page has none", async () => {
  const rep = await storeOfProjects(300);
  const store = new TaskStore(rep, () => ["project-b", "project-a"]);
  opened.push({ rep, store });
  expect(store.isRead("project-b")).toBe(false);
  await store.headReady;
  // Read whole by then, and the others not yet.
  expect(store.isRead("project-b")).toBe(true);
  expect(store.projectTasks("project-b")).toHaveLength(300);
  expect(store.isRead("project-c")).toBe(false);

  const noPage = new TaskStore(rep, () => []);
  opened.push({ rep, store: noPage });
  let ready = false;
  void noPage.headReady.then(() => (ready = true));
  await Promise.resolve();
  expect(ready).toBe(true);
  expect(noPage.isRead("project-a")).toBe(false);
});
