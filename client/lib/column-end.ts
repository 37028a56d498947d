/**
 * "To the end of a column", written once: where a task goes when it is added to a column or
 * moved into one without a spot chosen (a new task, a new status from a picker, a bulk move).
 */
import { positionAfter } from "../../shared/task-position.ts";

/**
 * A position after every task of `column` (its tasks, in any order), and after `issued` too: a
 * position already handed out in that column that the store may not show yet.
 */
export function positionAtEnd(column: readonly { position: string }[], issued?: string): string {
  const positions = column.map((task) => task.position);
  return positionAfter(issued === undefined ? positions : [...positions, issued]);
}
