/**
 * The board's filters live in the address (`?status=…&priority=…`), so a filtered board is a
 * link to share and survives a reload. The router validates them with `boardSearchSchema`;
 * a damaged value is dropped on its own, never the whole address.
 */
import { z } from "zod";
import {
  idSchema,
  taskPriorities,
  type Task,
  type TaskPriority,
  type TaskStatus,
} from "../../../../shared/entities.ts";
import { weekOf } from "../../../lib/due-date.ts";

/** The assignee filter's value for tasks nobody is assigned to. */
export const UNASSIGNED = "none";

export const dueFilters = ["overdue", "this-week", "none"] as const;
export type DueFilter = (typeof dueFilters)[number];

const list = <T extends z.ZodType>(item: T) => z.array(item).min(1).optional().catch(undefined);

export const boardSearchSchema = z.object({
  /** Status ids of the project (one it no longer has matches nothing). */
  status: list(idSchema),
  priority: list(z.enum(taskPriorities)),
  /** Member (user) ids, or `UNASSIGNED`. */
  assignee: list(z.string()),
  /** Label ids: a task matches when it has any of them. */
  labels: list(z.string()),
  due: z.enum(dueFilters).optional().catch(undefined),
  /** Matched against the title and the task key, case-insensitively. */
  q: z.string().optional().catch(undefined),
  /** The task open in the peek panel beside the board; not a filter. */
  peek: z.string().optional().catch(undefined),
});

export type BoardSearch = z.infer<typeof boardSearchSchema>;

export function hasFilters(search: BoardSearch): boolean {
  return Object.entries(search).some(
    ([name, value]) => name !== "peek" && value !== undefined && value !== "",
  );
}

/**
 * What filtering needs besides the tasks. `doneStatuses` are the project's statuses in the
 * completed and canceled categories (a done task is never overdue); one object per change of
 * its parts, since the board reuses filtered columns while it stays the same.
 */
export type FilterContext = {
  projectKey: string;
  today: string;
  doneStatuses: ReadonlySet<TaskStatus>;
};

/** The tasks that pass every filter that is set; order is kept. */
export function filterTasks(
  tasks: readonly Task[],
  search: BoardSearch,
  context: FilterContext,
): readonly Task[] {
  if (!hasFilters(search)) return tasks;
  const statuses = toSet<TaskStatus>(search.status);
  const priorities = toSet<TaskPriority>(search.priority);
  const assignees = toSet(search.assignee);
  const labels = toSet(search.labels);
  const text = search.q?.trim().toLowerCase() ?? "";
  const week = weekOf(context.today);
  const keyPrefix = `${context.projectKey.toLowerCase()}-`;

  return tasks.filter((task) => {
    if (statuses && !statuses.has(task.status)) return false;
    if (priorities && !priorities.has(task.priority)) return false;
    if (assignees && !assignees.has(task.assigneeId ?? UNASSIGNED)) return false;
    if (labels && !task.labelIds.some((id) => labels.has(id))) return false;
    if (search.due === "none" && task.dueDate !== null) return false;
    if (search.due === "overdue") {
      if (
        task.dueDate === null ||
        task.dueDate >= context.today ||
        context.doneStatuses.has(task.status)
      ) {
        return false;
      }
    }
    if (search.due === "this-week") {
      if (task.dueDate === null || task.dueDate < week.start || task.dueDate > week.end) {
        return false;
      }
    }
    if (text && !task.title.toLowerCase().includes(text) && `${keyPrefix}${task.number}` !== text) {
      return false;
    }
    return true;
  });
}

function toSet<T extends string>(values: readonly T[] | undefined): Set<T> | null {
  return values && values.length > 0 ? new Set(values) : null;
}
