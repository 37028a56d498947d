/**
 * Where a moved task lands: a fractional-indexing key between its new neighbours, so a move
 * writes one row (the moved task) and never renumbers the column. Columns are in board order
 * (position, then id: shared/task-position.ts), which the keys here keep.
 */
import { generateKeyBetween } from "fractional-indexing";
import type { Task, TaskStatus } from "../../../../shared/entities.ts";

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
  if (placement.kind === "top" || placement.kind === "bottom") {
    // An end needs only the task nearest that end: no copy of a column of thousands on a click.
    const top = placement.kind === "top";
    const end = top ? column[0] : column.at(-1);
    if (status === task.status && end?.id === task.id) return null;
    const neighbour = nearestEnd(column, task.id, top)?.position ?? null;
    const position = top
      ? generateKeyBetween(null, neighbour)
      : generateKeyBetween(neighbour, null);
    return { status, position };
  }
  const others = column.filter((other) => other.id !== task.id);
  const at = others.findIndex((other) => other.id === placement.taskId);
  if (at < 0) return null;
  const index = placement.kind === "before" ? at : at + 1;
  if (status === task.status && column[index]?.id === task.id) return null;
  return { status, position: positionAt(others, index) };
}

/** The task nearest the top (or the bottom) of the column, other than `taskId`. */
function nearestEnd(column: readonly Positioned[], taskId: string, top: boolean) {
  for (let i = 0; i < column.length; i++) {
    const other = column[top ? i : column.length - 1 - i];
    if (other && other.id !== taskId) return other;
  }
  return undefined;
}
