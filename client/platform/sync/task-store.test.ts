import { generateNKeysBetween } from "fractional-indexing";
import type { WriteTransaction } from "replicache";
import { ReplicacheImpl } from "replicache/impl";
import { afterEach, expect, test } from "vitest";
import { createMutators } from "../../../shared/mutators.ts";
import type { Task } from "../../../shared/entities.ts";
import { defaultStatuses } from "../../../shared/statuses.ts";
import { taskKey } from "../../../shared/keys.ts";
import { comparePositions } from "../../../shared/task-position.ts";
import { columnOf, TaskStore } from "./task-store.ts";

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
  const rep = new ReplicacheImpl({
    name: `task-store-${Math.random()}`,
    kvStore: "mem",
    mutators: {
      ...createMutators("user-1"),
      // Rows as a pull writes them, including tasks of a project the store does not have.
      async putRows(tx: WriteTransaction, rows: { key: string; value: Task }[]) {
        for (const { key, value } of rows) await tx.set(key, value);
      },
    },
    pullInterval: null,
    logLevel: "error",
  });
  const projects = ["project-1", "project-2", "project-0"];
  const alphabet = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";
  const rows = Array.from({ length: 600 }, (_, index) => {
    const projectId = projects[index % 3] ?? "project-1";
    // Ids starting with every character of the alphabet, on both sides of each split.
    const id = `${alphabet[index % alphabet.length]}${index}`;
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
    return { key: taskKey(projectId, id), value };
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
  await new Promise((resolve) => setTimeout(resolve, 50));

  for (const projectId of projects) {
    const expected = rows.filter((row) => row.value.projectId === projectId).map((row) => row.key);
    expect(
      store
        .projectTasks(projectId)
        .map((task) => taskKey(projectId, task.id))
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
