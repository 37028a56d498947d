import { useMemo, useRef } from "react";
import type { Task } from "../../../../shared/entities.ts";
import { boardStatuses, isDoneCategory, type WorkflowStatus } from "../../../../shared/statuses.ts";
import { useProjectTasks } from "../../../platform/sync/store-hooks.ts";
import { boardSearchSchema, filterTasks, type BoardSearch } from "../filters/board-search.ts";
import { indexByDueDate, type DueIndex, type IndexOptions } from "./calendar-index.ts";

export type CalendarTasks = {
  /** The filtered tasks of each day shown; a day without any is missing. */
  byDay: ReadonlyMap<string, readonly Task[]>;
  /** The filtered open tasks without a due date. */
  undated: readonly Task[];
  /** Whether the project has any task the calendar could show, filters aside. */
  any: boolean;
};

const none: readonly Task[] = [];

type Filtered = {
  key: string;
  doneStatuses: ReadonlySet<string>;
  from: ReadonlyMap<string, readonly Task[]>;
  tasks: CalendarTasks;
};

/**
 * The tasks of the days on screen and the undated ones, after the board's filters. The index
 * by due date is rebuilt once per change of the project's tasks (never per key press or
 * month turned), and only the days shown are filtered; a day whose tasks did not change keeps
 * its array, so its cell is not repainted.
 */
export function useCalendarTasks(
  projectId: string,
  statuses: readonly WorkflowStatus[],
  days: readonly string[],
  filters: BoardSearch,
  context: { projectKey: string; today: string },
): CalendarTasks {
  const tasks = useProjectTasks(projectId);
  const options = useMemo((): IndexOptions => {
    const shown = new Set(boardStatuses(statuses).map((status) => status.id));
    const categories = new Map(statuses.map((status) => [status.id, status.category]));
    return {
      shown: (task) => shown.has(task.status),
      done: (task) => {
        const category = categories.get(task.status);
        return category !== undefined && isDoneCategory(category);
      },
    };
  }, [statuses]);

  const doneStatuses = useMemo(
    () =>
      new Set(
        statuses.filter((status) => isDoneCategory(status.category)).map((status) => status.id),
      ),
    [statuses],
  );

  const lastIndex = useRef<DueIndex | undefined>(undefined);
  const index = useMemo(() => {
    const next = indexByDueDate(tasks, options, lastIndex.current);
    lastIndex.current = next;
    return next;
  }, [tasks, options]);

  const { projectKey, today } = context;
  // The address may hand over equal filters as a new object: compare them as text.
  const filterKey = JSON.stringify(filters);
  const lastFiltered = useRef<Filtered | null>(null);
  return useMemo(() => {
    const search = boardSearchSchema.parse(JSON.parse(filterKey));
    const key = `${filterKey}|${projectKey}|${today}`;
    const previous = lastFiltered.current;
    const last = previous?.key === key && previous.doneStatuses === doneStatuses ? previous : null;
    const keep = (source: readonly Task[], before: readonly Task[] | undefined) => {
      const after = filterTasks(source, search, {
        projectKey,
        today,
        doneStatuses,
      });
      return before && sameTasks(before, after) ? before : after;
    };
    const byDay = new Map<string, readonly Task[]>();
    for (const day of days) {
      const source = index.byDay.get(day);
      if (!source) continue;
      const before = last?.tasks.byDay.get(day);
      const shown = last?.from.get(day) === source && before ? before : keep(source, before);
      if (shown.length > 0) byDay.set(day, shown);
    }
    const undated = keep(index.undated, last?.tasks.undated ?? none);
    const result: CalendarTasks = {
      byDay,
      undated,
      any: index.byDay.size > 0 || index.undated.length > 0,
    };
    lastFiltered.current = { key, doneStatuses, from: index.byDay, tasks: result };
    return result;
  }, [index, days, filterKey, projectKey, today, doneStatuses]);
}

function sameTasks(a: readonly Task[], b: readonly Task[]): boolean {
  return a.length === b.length && a.every((task, index) => task === b[index]);
}
