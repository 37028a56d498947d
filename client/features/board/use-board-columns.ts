import { useMemo, useRef } from "react";
import { taskStatuses, type Task, type TaskStatus } from "../../../shared/entities.ts";
import type { StatusColumns } from "../../platform/sync/task-store.ts";
import { filterTasks, hasFilters, type BoardSearch } from "./board-search.ts";

export type Columns = Record<TaskStatus, readonly Task[]>;
export type Totals = Record<TaskStatus, number>;

type Filtered = {
  /** The filters, as text: the address may hand over equal filters as a new object. */
  search: string;
  projectKey: string;
  today: string;
  /** Per status: the unfiltered column it was filtered from, and what passed. */
  from: Partial<Record<TaskStatus, readonly Task[]>>;
  columns: Partial<Columns>;
};

/**
 * The project's columns after the filters, in board order, with each column's unfiltered
 * count. The store keeps the columns a change did not touch, and so does this: a move within
 * one column of a 10,000-task board filters (when filtering) and repaints that column only.
 */
export function useBoardColumns(
  unfiltered: StatusColumns,
  search: BoardSearch,
  context: { projectKey: string; today: string },
): { columns: Columns; totals: Totals; shown: number } {
  const { projectKey, today } = context;
  const previous = useRef<Filtered | null>(null);
  return useMemo(() => {
    const totals = Object.fromEntries(
      taskStatuses.map((status) => [status, unfiltered[status].length]),
    ) as Totals;
    if (!hasFilters(search)) {
      previous.current = null;
      const shown = taskStatuses.reduce((sum, status) => sum + totals[status], 0);
      return { columns: { ...unfiltered }, totals, shown };
    }
    const last = previous.current;
    const searchKey = JSON.stringify(search);
    const reusable =
      last !== null &&
      last.search === searchKey &&
      last.projectKey === projectKey &&
      last.today === today;
    const next: Filtered = { search: searchKey, projectKey, today, from: {}, columns: {} };
    let shown = 0;
    for (const status of taskStatuses) {
      const source = unfiltered[status];
      const kept = reusable ? last.columns[status] : undefined;
      let column =
        kept && last?.from[status] === source
          ? kept
          : filterTasks(source, search, { projectKey, today });
      // A change that left this column's matches as they were keeps its array (no repaint).
      if (kept && column !== kept && sameTasks(kept, column)) column = kept;
      next.from[status] = source;
      next.columns[status] = column;
      shown += column.length;
    }
    previous.current = next;
    return { columns: next.columns as Columns, totals, shown };
  }, [unfiltered, search, projectKey, today]);
}

function sameTasks(a: readonly Task[], b: readonly Task[]): boolean {
  return a.length === b.length && a.every((task, index) => task === b[index]);
}
