import { describe, expect, it } from "vitest";
import { testTask } from "../../../lib/test-task.ts";
import { boardSearchSchema, filterTasks, hasFilters } from "./board-search.ts";

const task = testTask;

// The project's done statuses: its completed and canceled ones, whatever they are called.
const context = {
  projectKey: "WEB",
  today: "2026-11-25",
  doneStatuses: new Set(["done", "shipped"]),
};
const tasks = [
  task({ id: "a", number: 1, title: "Fix the login", priority: "high", assigneeId: "ada" }),
  task({ id: "b", number: 2, status: "done", labelIds: ["bug"], dueDate: "2026-11-20" }),
  task({ id: "c", number: 3, status: "in-review", dueDate: "2026-11-24", labelIds: ["ui"] }),
  task({ id: "d", number: 12, title: "Ship it", dueDate: "2026-11-29", priority: "urgent" }),
  task({ id: "e", number: 13, status: "shipped", dueDate: "2026-11-02" }),
];
const ids = (search: object) =>
  filterTasks(tasks, boardSearchSchema.parse(search), context).map((t) => t.id);

describe("board filters", () => {
  it("keep every task when none is set", () => {
    expect(hasFilters(boardSearchSchema.parse({}))).toBe(false);
    expect(ids({})).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("are not set by the task open in the peek, which is kept in the address too", () => {
    const search = boardSearchSchema.parse({ peek: "a" });
    expect(hasFilters(search)).toBe(false);
    expect(search.peek).toBe("a");
    expect(ids({ peek: "a" })).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("by status, priority, assignee (or nobody) and labels", () => {
    expect(ids({ status: ["done", "in-review"] })).toEqual(["b", "c"]);
    expect(ids({ priority: ["high", "urgent"] })).toEqual(["a", "d"]);
    expect(ids({ assignee: ["ada"] })).toEqual(["a"]);
    expect(ids({ assignee: ["none"] })).toEqual(["b", "c", "d", "e"]);
    expect(ids({ labels: ["bug", "ui"] })).toEqual(["b", "c"]);
  });

  it("by due date: overdue and not done (in any done status), this week, or none", () => {
    expect(ids({ due: "overdue" })).toEqual(["c"]);
    expect(ids({ due: "this-week" })).toEqual(["c", "d"]);
    expect(ids({ due: "none" })).toEqual(["a"]);
  });

  it("by text in the title or the exact task key", () => {
    expect(ids({ q: "LOGIN" })).toEqual(["a"]);
    expect(ids({ q: "web-12" })).toEqual(["d"]);
    expect(ids({ q: "web-1" })).toEqual(["a"]);
  });

  it("combine: a task must pass every one", () => {
    expect(ids({ priority: ["urgent"], due: "this-week", q: "ship" })).toEqual(["d"]);
    expect(ids({ priority: ["urgent"], status: ["done"] })).toEqual([]);
  });

  it("drop a damaged value from the address and keep the others", () => {
    const search = boardSearchSchema.parse({ status: ["side/ways"], priority: ["low"], due: 3 });
    expect(search).toEqual({ priority: ["low"] });
  });
});
