/**
 * Where a moved task lands: a fractional-indexing key between its new neighbours, so a move
 * writes one row (the moved task) and never renumbers the column. Columns are in board order
 * (position, then id: shared/task-position.ts), which the keys here keep.
 */
import { generateKeyBetween } from "fractional-indexing";
import type { Task, TaskStatus } from "../../../shared/entities.ts";

type Positioned = Pick<Task, "id" | "position">;

/**
 * A key for a task placed at `index` among `others` (its new column without it, in order).
 * Two tasks inserted at the same spot by two people share a key, and no key sorts between
 * equal ones: then the task goes just after the left one, before the next greater key.
 */
export function positionAt(others: readonly Positioned[], index: number): string {
  const before = others[index - 1]?.position ?? null;
  const after = others[index]?.position ?? null;
  if (before === null || after === null || before < after) {
    return generateKeyBetween(before, after);
  }
  let next: string | null = null;
  for (let i = index + 1; i < others.length; i++) {
    const position = others[i]?.position;
    if (position !== undefined && position > before) {
      next = position;
      break;
    }
  }
  return generateKeyBetween(before, next);
}

/** Where in a column a task goes: beside another task, or at one end. */
export type Placement =
  { kind: "before" | "after"; taskId: string } | { kind: "top" } | { kind: "bottom" };

export type Move = { status: TaskStatus; position: string };

/**
 * The status and position that put `task` at `placement` in the column of `status`
 * (`column`: that column's tasks in board order, unfiltered). Null when it would not move.
 */
export function planMove(
  task: Positioned & { status: TaskStatus },
  status: TaskStatus,
  column: readonly Positioned[],
  placement: Placement,
): Move | null {
  const others = column.filter((other) => other.id !== task.id);
  let index: number;
  if (placement.kind === "top") index = 0;
  else if (placement.kind === "bottom") index = others.length;
  else {
    const at = others.findIndex((other) => other.id === placement.taskId);
    if (at < 0) return null;
    index = placement.kind === "before" ? at : at + 1;
  }
  if (status === task.status && column[index]?.id === task.id) return null;
  return { status, position: positionAt(others, index) };
}
