import { describe, expect, it } from "vitest";
import { testTask } from "../../../lib/test-task.ts";
import type { Task } from "../../../../shared/entities.ts";
import { indexByDueDate, type IndexOptions } from "./calendar-index.ts";

const task = testTask;

const options: IndexOptions = {
  shown: (t) => t.status !== "planned" && t.status !== "archived",
  done: (t) => t.status === "done" || t.status === "archived",
};
const ids = (tasks: readonly Task[] | undefined) => tasks?.map((t) => t.id);

describe("the calendar's index of due dates", () => {
  it("puts each task on its due date, open ones first, then by priority, then in board order", () => {
    const index = indexByDueDate(
      [
        task({ id: "done", dueDate: "2026-11-24", status: "done", priority: "urgent" }),
        task({ id: "low", dueDate: "2026-11-24", priority: "low" }),
        task({ id: "plain", dueDate: "2026-11-24" }),
        task({ id: "urgent", dueDate: "2026-11-24", priority: "urgent" }),
        task({ id: "low-later", dueDate: "2026-11-24", priority: "low" }),
        task({ id: "other", dueDate: "2026-11-26" }),
      ],
      options,
    );
    expect(ids(index.byDay.get("2026-11-24"))).toEqual([
      "urgent",
      "low",
      "low-later",
      "plain",
      "done",
    ]);
    expect(ids(index.byDay.get("2026-11-26"))).toEqual(["other"]);
    expect(index.byDay.get("2026-11-25")).toBeUndefined();
  });

  it("lists open tasks without a due date in board order, and leaves out finished ones", () => {
    const index = indexByDueDate(
      [
        task({ id: "b" }),
        task({ id: "finished", status: "done" }),
        task({ id: "a", status: "in-progress" }),
      ],
      options,
    );
    expect(ids(index.undated)).toEqual(["b", "a"]);
  });

  it("leaves out the tasks the calendar does not show (the backlog's)", () => {
    const index = indexByDueDate(
      [
        task({ id: "planned", status: "planned", dueDate: "2026-11-24" }),
        task({ id: "later", status: "planned" }),
      ],
      options,
    );
    expect(index.byDay.size).toBe(0);
    expect(index.undated).toEqual([]);
  });

  it("keeps the arrays of the days a change did not touch", () => {
    const a = task({ id: "a", dueDate: "2026-11-24" });
    const b = task({ id: "b", dueDate: "2026-11-25" });
    const c = task({ id: "c" });
    const first = indexByDueDate([a, b, c], options);
    const moved = { ...b, dueDate: "2026-11-26" };
    const second = indexByDueDate([a, moved, c], options, first);
    expect(second.byDay.get("2026-11-24")).toBe(first.byDay.get("2026-11-24"));
    expect(second.undated).toBe(first.undated);
    expect(second.byDay.get("2026-11-25")).toBeUndefined();
    expect(ids(second.byDay.get("2026-11-26"))).toEqual(["b"]);
  });
});
