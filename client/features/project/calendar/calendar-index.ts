import type { Task, TaskPriority } from "../../../../shared/entities.ts";

/**
 * A project's tasks by due date, for the calendar. Built once per change of the project's tasks
 * (a pass over them, only while the calendar is on screen); the days shown then read their
 * tasks from it without touching the rest of the project.
 */
export type DueIndex = {
  /** Each day's tasks: open ones first, then by priority, then in board order. */
  byDay: ReadonlyMap<string, readonly Task[]>;
  /** Open tasks without a due date, in board order: the ones left to schedule. */
  undated: readonly Task[];
};

export type IndexOptions = {
  /** Whether the calendar shows the task at all (the board's statuses). */
  shown: (task: Task) => boolean;
  /** Whether its status is in a done category (completed or canceled). */
  done: (task: Task) => boolean;
};

const priorityRank: Record<TaskPriority, number> = {
  urgent: 0,
  high: 1,
  medium: 2,
  low: 3,
  "no-priority": 4,
};

/**
 * Indexes `tasks` (in board order) by due date. A day whose tasks are the same as in
 * `previous` keeps its array, and so does the undated list: the calendar's memoised days then
 * repaint only where something changed.
 */
export function indexByDueDate(
  tasks: readonly Task[],
  options: IndexOptions,
  previous?: DueIndex,
): DueIndex {
  const byDay = new Map<string, Task[]>();
  const undated: Task[] = [];
  for (const task of tasks) {
    if (!options.shown(task)) continue;
    if (task.dueDate === null) {
      if (!options.done(task)) undated.push(task);
      continue;
    }
    const day = byDay.get(task.dueDate);
    if (day) day.push(task);
    else byDay.set(task.dueDate, [task]);
  }
  const ranked = new Map<string, readonly Task[]>();
  for (const [day, list] of byDay) {
    const sorted = list.length > 1 ? rankDay(list, options.done) : list;
    const before = previous?.byDay.get(day);
    ranked.set(day, before && sameTasks(before, sorted) ? before : sorted);
  }
  return {
    byDay: ranked,
    undated: previous && sameTasks(previous.undated, undated) ? previous.undated : undated,
  };
}

/** Open before done, then urgent to no priority; ties keep board order (the sort is stable). */
function rankDay(list: readonly Task[], done: (task: Task) => boolean): Task[] {
  const rank = new Map(
    list.map((task) => [task, (done(task) ? 10 : 0) + priorityRank[task.priority]]),
  );
  return [...list].sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
}

function sameTasks(a: readonly Task[], b: readonly Task[]): boolean {
  return a.length === b.length && a.every((task, index) => task === b[index]);
}
