import { useMemo, useRef } from "react";
import { taskStatuses, type Task, type TaskStatus } from "../../../shared/entities.ts";
import { filterTasks, type BoardSearch } from "./board-search.ts";

export type Columns = Record<TaskStatus, readonly Task[]>;
export type Totals = Record<TaskStatus, number>;

const emptyColumns = (): Record<TaskStatus, Task[]> => ({
  planned: [],
  "to-do": [],
  "in-progress": [],
  "in-review": [],
  done: [],
  archived: [],
});

/**
 * The project's tasks split by status after the filters, in board order, with each column's
 * unfiltered count. A column whose tasks did not change keeps its array, so a change in one
 * column does not repaint the others.
 */
export function useBoardColumns(
  tasks: readonly Task[],
  search: BoardSearch,
  context: { projectKey: string; today: string },
): { columns: Columns; totals: Totals; shown: number } {
  const { projectKey, today } = context;
  const previous = useRef<Columns>(emptyColumns());
  return useMemo(() => {
    const next = emptyColumns();
    const totals: Totals = {
      planned: 0,
      "to-do": 0,
      "in-progress": 0,
      "in-review": 0,
      done: 0,
      archived: 0,
    };
    for (const task of tasks) totals[task.status] += 1;
    const shown = filterTasks(tasks, search, { projectKey, today });
    for (const task of shown) next[task.status].push(task);
    const columns: Columns = { ...next };
    for (const status of taskStatuses) {
      if (sameTasks(previous.current[status], next[status]))
        columns[status] = previous.current[status];
    }
    previous.current = columns;
    return { columns, totals, shown: shown.length };
  }, [tasks, search, projectKey, today]);
}

function sameTasks(a: readonly Task[], b: readonly Task[]): boolean {
  return a.length === b.length && a.every((task, index) => task === b[index]);
}
