import { nanoid } from "nanoid";
import { useCallback, useRef } from "react";
import { toast } from "sonner";
import type { Task, TaskPriority, TaskStatus } from "../../../../shared/entities.ts";
import { showError } from "../../../lib/api-errors.ts";
import { positionAtEnd } from "../../../../shared/task-position.ts";
import { useSync } from "../../../platform/sync/replicache-provider.tsx";
import { columnOf } from "../../../platform/sync/task-store.ts";
import { planMove, type Placement } from "../board/task-placement.ts";
import type { SubtaskFate } from "../../../../shared/mutators/task.ts";

/**
 * Moves a task: `null` when there is nothing to do (no such task, or it is there already),
 * else whether the store took the move (a refusal has been shown to the person).
 */
export type MoveTask = (
  taskId: string,
  status: TaskStatus,
  placement: Placement,
) => Promise<boolean> | null;

export type NewTask = {
  title: string;
  status: TaskStatus;
  description?: string;
  priority?: TaskPriority;
  assigneeId?: string | null;
  dueDate?: string | null;
  labelIds?: string[];
};

/**
 * The board's writes of whole tasks. Both read the project's tasks from the task store as they are when
 * called (not when the callback was made), so the callbacks stay the same for the life of the
 * board and memoised cards are not repainted because of them.
 */
export function useTaskActions(projectId: string) {
  const { rep, tasks } = useSync();

  const findTask = useCallback((id: string) => tasks.findTask(projectId, id), [tasks, projectId]);

  const column = useCallback(
    (status: TaskStatus): readonly Task[] => columnOf(tasks.projectColumns(projectId), status),
    [tasks, projectId],
  );

  /** One `moveTask` with a position between the new neighbours; nothing if it would not move. */
  const moveTask: MoveTask = useCallback(
    (taskId, status, placement) => {
      const task = findTask(taskId);
      if (!task) return null;
      const move = planMove(task, status, column(status), placement);
      if (!move) return null;
      return rep.mutate
        .moveTask({ id: task.id, projectId, ...move, updatedAt: new Date().toISOString() })
        .then(
          () => true,
          (error: unknown) => {
            showError(error, "The task could not be moved");
            return false;
          },
        );
    },
    [rep, projectId, findTask, column],
  );

  // The last position handed out per column: two tasks added faster than the store answers
  // must not get the same one.
  const issued = useRef(new Map<TaskStatus, string>());

  /** A new task at the bottom of its column; the position is ours, never the mutator's. */
  const createTask = useCallback(
    (fields: NewTask) => {
      const position = positionAtEnd(column(fields.status), issued.current.get(fields.status));
      issued.current.set(fields.status, position);
      rep.mutate
        .createTask({
          ...fields,
          id: nanoid(),
          projectId,
          position,
          createdAt: new Date().toISOString(),
        })
        .catch((error: unknown) => showError(error, "The task could not be created"));
    },
    [rep, projectId, column],
  );

  /** Deletes the task for everyone (its sub-tasks too, or kept); the toast names it by its key. */
  const deleteTask = useCallback(
    (task: Task, taskKey: string, subtasks: SubtaskFate) =>
      void rep.mutate
        .deleteTask({
          id: task.id,
          projectId: task.projectId,
          subtasks,
          deletedAt: new Date().toISOString(),
        })
        .then(() => toast.success(`${taskKey} was deleted`))
        .catch((error: unknown) => showError(error, "The task could not be deleted")),
    [rep],
  );

  return { findTask, moveTask, createTask, deleteTask };
}
