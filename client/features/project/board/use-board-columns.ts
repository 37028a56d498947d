import { useMemo, useRef } from "react";
import type { Task, TaskStatus } from "../../../../shared/entities.ts";
import type { StatusColumns } from "../../../platform/sync/task-store.ts";
import {
  filterTasks,
  hasFilters,
  type BoardSearch,
  type FilterContext,
} from "../filters/board-search.ts";

/** Per status id: its tasks after the filters, in board order (missing: `columnOf` reads empty). */
export type Columns = StatusColumns;
/** Per status id: how many tasks it has with no filter (none: 0). */
export type Totals = ReadonlyMap<TaskStatus, number>;

type Filtered = {
  /** The filters, as text: the address may hand over equal filters as a new object. */
  search: string;
  context: FilterContext;
  /** Per status: the unfiltered column it was filtered from, and what passed. */
  from: Map<TaskStatus, readonly Task[]>;
  columns: Map<TaskStatus, readonly Task[]>;
};

/**
 * The project's columns after the filters, in board order, with each column's unfiltered
 * count. The store keeps the columns a change did not touch, and so does this: a move within
 * one column of a 10,000-task board filters (when filtering) and repaints that column only.
 */
export function useBoardColumns(
  unfiltered: StatusColumns,
  search: BoardSearch,
  context: FilterContext,
): { columns: Columns; totals: Totals; shown: number } {
  const previous = useRef<Filtered | null>(null);
  return useMemo(() => {
    const totals = new Map([...unfiltered].map(([status, tasks]) => [status, tasks.length]));
    if (!hasFilters(search)) {
      previous.current = null;
      let shown = 0;
      for (const count of totals.values()) shown += count;
      return { columns: unfiltered, totals, shown };
    }
    const last = previous.current;
    const searchKey = JSON.stringify(search);
    const reusable =
      last !== null &&
      last.search === searchKey &&
      last.context.projectKey === context.projectKey &&
      last.context.today === context.today &&
      last.context.doneStatuses === context.doneStatuses;
    const next: Filtered = { search: searchKey, context, from: new Map(), columns: new Map() };
    let shown = 0;
    for (const [status, source] of unfiltered) {
      const kept = reusable ? last.columns.get(status) : undefined;
      let column =
        kept && last?.from.get(status) === source ? kept : filterTasks(source, search, context);
      // A change that left this column's matches as they were keeps its array (no repaint).
      if (kept && column !== kept && sameTasks(kept, column)) column = kept;
      next.from.set(status, source);
      next.columns.set(status, column);
      shown += column.length;
    }
    previous.current = next;
    return { columns: next.columns, totals, shown };
  }, [unfiltered, search, context]);
}

function sameTasks(a: readonly Task[], b: readonly Task[]): boolean {
  return a.length === b.length && a.every((task, index) => task === b[index]);
}

/**
 * The board's filters from its address, without `peek`: the same object for as long as they
 * are the same filters, so the filter bar and the filtered columns are not drawn again when
 * only the peek changes (each `j`/`k` in it).
 */
export function useFilters(search: BoardSearch): BoardSearch {
  const key = JSON.stringify({ ...search, peek: undefined });
  return useMemo(() => JSON.parse(key) as BoardSearch, [key]);
}
