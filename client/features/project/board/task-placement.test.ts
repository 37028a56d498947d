import { generateNKeysBetween } from "fractional-indexing";
import { describe, expect, it } from "vitest";
import { comparePositions } from "../../../../shared/task-position.ts";
import { planMove, positionAt } from "./task-placement.ts";

const keys = generateNKeysBetween(null, null, 4);
const column = keys.map((position, i) => ({ id: `t${i}`, position, status: "to-do" as const }));
const at = (i: number) => {
  const task = column[i];
  if (!task) throw new Error(`no task ${i}`);
  return task;
};

/** The column's ids in board order once `id` has the new position. */
function orderAfter(id: string, position: string, tasks = column) {
  return tasks
    .map((task) => (task.id === id ? { ...task, position } : task))
    .sort(comparePositions)
    .map((task) => task.id);
}

describe("where a moved task lands", () => {
  it("between its two new neighbours", () => {
    const position = positionAt([at(0), at(1)], 1);
    expect(at(0).position < position && position < at(1).position).toBe(true);
  });

  it("at the top and at the bottom of a column, and in an empty one", () => {
    expect(positionAt(column, 0) < at(0).position).toBe(true);
    expect(positionAt(column, column.length) > at(3).position).toBe(true);
    expect(positionAt([], 0)).toBe("a0");
  });

  it("just after the left one when both neighbours share a key", () => {
    const tied = [
      { id: "a", position: "a1" },
      { id: "b", position: "a1" },
      { id: "c", position: "a2" },
    ];
    const position = positionAt(tied, 1);
    expect(position > "a1" && position < "a2").toBe(true);
  });

  it("after the tied pair even at the end of the column", () => {
    const tied = [
      { id: "a", position: "a1" },
      { id: "b", position: "a1" },
    ];
    expect(positionAt(tied, 1) > "a1").toBe(true);
  });
});

describe("planning a move", () => {
  it("down a column puts the task after the card it was dropped on", () => {
    const move = planMove(at(0), "to-do", column, { kind: "after", taskId: "t2" });
    expect(move?.status).toBe("to-do");
    expect(orderAfter("t0", move?.position ?? "")).toEqual(["t1", "t2", "t0", "t3"]);
  });

  it("up a column puts the task before the card it was dropped on", () => {
    const move = planMove(at(3), "to-do", column, { kind: "before", taskId: "t1" });
    expect(orderAfter("t3", move?.position ?? "")).toEqual(["t0", "t3", "t1", "t2"]);
  });

  it("to another column keeps that column's order around it", () => {
    const done = generateNKeysBetween(null, null, 2).map((position, i) => ({
      id: `d${i}`,
      position,
      status: "done" as const,
    }));
    const move = planMove(at(1), "done", done, { kind: "before", taskId: "d1" });
    expect(move?.status).toBe("done");
    const position = move?.position ?? "";
    expect(done[0]!.position < position && position < done[1]!.position).toBe(true);
  });

  it("to the top or the bottom of a column", () => {
    const top = planMove(at(2), "to-do", column, { kind: "top" });
    expect(orderAfter("t2", top?.position ?? "")).toEqual(["t2", "t0", "t1", "t3"]);
    const bottom = planMove(at(1), "to-do", column, { kind: "bottom" });
    expect(orderAfter("t1", bottom?.position ?? "")).toEqual(["t0", "t2", "t3", "t1"]);
  });

  it("is nothing when the task would stay where it is", () => {
    expect(planMove(at(0), "to-do", column, { kind: "top" })).toBeNull();
    expect(planMove(at(3), "to-do", column, { kind: "bottom" })).toBeNull();
    expect(planMove(at(1), "to-do", column, { kind: "after", taskId: "t0" })).toBeNull();
    expect(planMove(at(1), "to-do", column, { kind: "before", taskId: "t2" })).toBeNull();
  });

  it("to the same spot in another column is still a move", () => {
    expect(planMove(at(0), "done", [], { kind: "top" })).toEqual({
      status: "done",
      position: "a0",
    });
  });
});
