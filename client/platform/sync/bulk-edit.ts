/**
 * What the backlog's row and bulk actions write: one mutator call per task, each carrying the
 * project id hint, so a bulk edit is the same mutations a person would make one by one.
 */
import type { Task, TaskPriority, TaskStatus } from "../../../shared/entities.ts";
import { positionAtEnd } from "../../../shared/task-position.ts";
import type { Rep } from "./create-replicache.ts";

type TaskChanges = {
  priority?: TaskPriority;
  assigneeId?: string | null;
  dueDate?: string | null;
};

/**
 * Moves the tasks, in the order given, to the end of the status's column. `projectTasks` are
 * all the project's tasks, to find where that column ends.
 */
export async function moveTasks(
  rep: Rep,
  tasks: readonly Task[],
  status: TaskStatus,
  projectTasks: readonly Task[],
): Promise<void> {
  const moving = tasks.filter((task) => task.status !== status);
  if (moving.length === 0) return;
  const updatedAt = new Date().toISOString();
  const column = projectTasks.filter((task) => task.status === status);
  // Each after the one before it, which is after the whole column.
  let last: string | undefined;
  const moves = moving.map((task) => {
    const position = positionAtEnd(last === undefined ? column : [], last);
    last = position;
    return rep.mutate.moveTask({
      id: task.id,
      projectId: task.projectId,
      status,
      position,
      updatedAt,
    });
  });
  await Promise.all(moves);
}

export async function updateTasks(
  rep: Rep,
  tasks: readonly Task[],
  changes: TaskChanges,
): Promise<void> {
  const updatedAt = new Date().toISOString();
  await Promise.all(
    tasks.map((task) =>
      rep.mutate.updateTask({ id: task.id, projectId: task.projectId, ...changes, updatedAt }),
    ),
  );
}

export async function deleteTasks(rep: Rep, tasks: readonly Task[]): Promise<void> {
  await Promise.all(
    tasks.map((task) => rep.mutate.deleteTask({ id: task.id, projectId: task.projectId })),
  );
}

/**
 * Adds the labels in `add` to every task that lacks them and takes those in `remove` off every
 * task that has them; a task left unchanged is not written.
 */
export async function changeLabels(
  rep: Rep,
  tasks: readonly Task[],
  add: readonly string[],
  remove: readonly string[],
): Promise<void> {
  const updatedAt = new Date().toISOString();
  await Promise.all(
    tasks.flatMap((task) => {
      const kept = task.labelIds.filter((id) => !remove.includes(id));
      const labelIds = [...kept, ...add.filter((id) => !kept.includes(id))];
      const same =
        labelIds.length === task.labelIds.length &&
        labelIds.every((id) => task.labelIds.includes(id));
      if (same) return [];
      return [
        rep.mutate.updateTask({ id: task.id, projectId: task.projectId, labelIds, updatedAt }),
      ];
    }),
  );
}
