import { describe, expect, it } from "vitest";
import { testTask } from "../../lib/test-task.ts";
import type { Task } from "../../../shared/entities.ts";
import { allFields, UndoHistory, type TaskField } from "./undo-history.ts";
import type { MutatorArgs } from "../../../shared/mutators/mutators.ts";

const task = (id: string, changes: Partial<Task> = {}): Task =>
  testTask({
    id,
    title: `Task ${id}`,
    createdBy: "u",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...changes,
  });

/** A store of tasks that the history reads and writes, and a person's changes recorded on it. */
function setup(...initial: Task[]) {
  const store = new Map(initial.map((item) => [item.id, item]));
  const restored: MutatorArgs["restoreTask"][] = [];
  let clock = Date.parse("2026-01-01T10:00:00Z");
  const history = new UndoHistory({
    read: (id) => store.get(id),
    onError: (error) => {
      throw error;
    },
    now: () => new Date(clock),
    writes: {
      // As the store's mutator does: the task back with its old number (the server brings its
      // comments and history).
      restoreTask: async (args) => {
        restored.push(args);
        const { restoredAt, createdBy = null, ...fields } = args;
        store.set(args.id, task(args.id, { ...fields, createdBy, updatedAt: restoredAt }));
      },
      updateTask: async ({ id, projectId: _, updatedAt, ...changes }) => {
        const current = store.get(id);
        if (current) store.set(id, { ...current, ...changes, updatedAt });
      },
      moveTask: async ({ id, status, position, updatedAt }) => {
        const current = store.get(id);
        if (current) store.set(id, { ...current, status, position, updatedAt });
      },
      deleteTask: async ({ id }) => {
        store.delete(id);
      },
    },
  });
  /** A change as a screen makes it: recorded from the task as it is, then written. */
  const change = (id: string, changes: Partial<Task>, fields = Object.keys(changes)) => {
    const before = store.get(id) ?? null;
    history.record(id, "p", before, fields as TaskField[]);
    if (before) store.set(id, { ...before, ...changes });
  };
  const remove = (id: string) => {
    history.record(id, "p", store.get(id) ?? null, allFields);
    store.delete(id);
  };
  const later = (ms: number) => (clock += ms);
  const turn = () => Promise.resolve();
  return { store, history, restored, change, remove, later, turn };
}

describe("UndoHistory", () => {
  it("undoes a property change and redoes it", async () => {
    const { store, history, change, turn } = setup(task("a"));
    change("a", { priority: "high" });
    await turn();
    expect(history.undo()).toBe(true);
    await turn();
    expect(store.get("a")?.priority).toBe("no-priority");
    expect(history.redo()).toBe(true);
    await turn();
    expect(store.get("a")?.priority).toBe("high");
    expect(history.redo()).toBe(false);
  });

  it("puts back only the fields the change touched, keeping a later change to another field", async () => {
    const { store, history, change, turn } = setup(task("a"));
    change("a", { status: "done", position: "b0" });
    await turn();
    store.set("a", { ...store.get("a")!, title: "Renamed by someone else" });
    history.undo();
    await turn();
    expect(store.get("a")).toMatchObject({
      status: "to-do",
      position: "a0",
      title: "Renamed by someone else",
    });
  });

  it("makes the changes of one turn one step, which a toast offers to undo", async () => {
    const { store, history, change, turn } = setup(task("a"), task("b"), task("c"));
    const toasts: string[] = [];
    history.onStep((step) => step.notable && toasts.push(step.summary));
    for (const id of ["a", "b", "c"]) change(id, { assigneeId: "u2" });
    await turn();
    expect(toasts).toEqual(["3 tasks updated"]);
    history.undo();
    await turn();
    expect([...store.values()].map((item) => item.assigneeId)).toEqual([null, null, null]);
  });

  it("brings a deleted task back with its id and fields, and redo deletes it again", async () => {
    const { store, history, remove, turn } = setup(
      task("a", { title: "Keep me", labelIds: ["l"] }),
    );
    const toasts: string[] = [];
    history.onStep((step) => step.notable && toasts.push(step.summary));
    remove("a");
    await turn();
    expect(toasts).toEqual(["“Keep me” deleted"]);
    history.undo();
    await turn();
    expect(store.get("a")).toMatchObject({ title: "Keep me", labelIds: ["l"], position: "a0" });
    history.redo();
    await turn();
    expect(store.has("a")).toBe(false);
  });

  it("restores a deleted task as itself: its number, creator and creation time go with it", async () => {
    const { store, history, restored, remove, turn } = setup(
      task("a", { number: 12, createdBy: "ann", priority: "high" }),
    );
    remove("a");
    await turn();
    history.undo();
    await turn();
    expect(restored).toEqual([
      expect.objectContaining({
        id: "a",
        projectId: "p",
        number: 12,
        createdBy: "ann",
        createdAt: "2026-01-01T00:00:00.000Z",
        priority: "high",
        restoredAt: "2026-01-01T10:00:00.000Z",
      }),
    ]);
    expect(store.get("a")).toMatchObject({ number: 12, createdBy: "ann" });
  });

  it("restores every task of a bulk delete with one undo", async () => {
    const { store, history, restored, remove, turn } = setup(
      task("a", { number: 3 }),
      task("b", { number: 4 }),
    );
    const toasts: string[] = [];
    history.onStep((step) => step.notable && toasts.push(step.summary));
    remove("a");
    remove("b");
    await turn();
    expect(toasts).toEqual(["2 tasks deleted"]);
    history.undo();
    await turn();
    expect(restored.map((args) => [args.id, args.number])).toEqual([
      ["a", 3],
      ["b", 4],
    ]);
    expect([...store.keys()].sort()).toEqual(["a", "b"]);
  });

  it("takes back a title saved several times in a row as one step", async () => {
    const { store, history, change, later, turn } = setup(task("a"));
    for (const text of ["Wr", "Write", "Write it"]) {
      change("a", { title: text });
      await turn();
      later(400);
    }
    later(10_000);
    change("a", { title: "Write it all" });
    await turn();
    history.undo();
    await turn();
    expect(store.get("a")?.title).toBe("Write it");
    history.undo();
    await turn();
    expect(store.get("a")?.title).toBe("Task a");
  });

  it("leaves the description alone: it is edited together, with its editor's own undo", async () => {
    const { store, history, change, turn } = setup(task("a"));
    change("a", { description: "Someone's words", priority: "high" });
    await turn();
    history.undo();
    await turn();
    expect(store.get("a")).toMatchObject({
      description: "Someone's words",
      priority: "no-priority",
    });
    expect(history.canUndo).toBe(false);
  });

  it("forgets what was undone once a new change is made", async () => {
    const { history, change, turn } = setup(task("a"));
    change("a", { priority: "high" });
    await turn();
    history.undo();
    change("a", { priority: "low" });
    await turn();
    expect(history.canRedo).toBe(false);
  });

  it("undoes a toast's own step even after another change", async () => {
    const { store, history, change, remove, turn } = setup(task("a"), task("b"));
    let deleted: Parameters<Parameters<typeof history.onStep>[0]>[0] | undefined;
    history.onStep((step) => (deleted ??= step));
    remove("a");
    await turn();
    change("b", { priority: "low" });
    await turn();
    expect(deleted && history.undo(deleted)).toBe(true);
    await turn();
    expect(store.has("a")).toBe(true);
    expect(store.get("b")?.priority).toBe("low");
  });
});
