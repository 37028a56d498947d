import { useMemo } from "react";
import { toast } from "sonner";
import type { Task, TaskStatus } from "../../../../shared/entities.ts";
import { showError } from "../../../lib/api-errors.ts";
import { useSync } from "../../../platform/sync/replicache-provider.tsx";
import type { MoveTask } from "./use-task-actions.ts";
import type { MutatorArgs } from "../../../../shared/mutators/mutators.ts";

export type TaskChanges = Omit<MutatorArgs["updateTask"], "id" | "projectId" | "updatedAt">;

/**
 * What a card's menu and the peek panel do, as one object that stays the same for the life of
 * the board (memoised cards are not repainted because of it).
 */
export type CardActions = {
  move: MoveTask;
  /** A new status puts the task at the bottom of that column, as dropping it there would. */
  setStatus: (task: Task, status: TaskStatus) => ReturnType<MoveTask>;
  update: (task: Task, changes: TaskChanges) => void;
  copyLink: (task: Task) => void;
  /** Asks first (the board's confirmation), then deletes. */
  requestDelete: (task: Task) => void;
  /** Opens the task in the peek panel beside the board. */
  peek: (taskId: string) => void;
};

/** The path of a task's full page. */
export const taskPath = (task: Task, workspaceId: string) =>
  `/dashboard/workspace/${workspaceId}/project/${task.projectId}/task/${task.id}`;

/** The address of a task's full page, to copy or open elsewhere. */
export function taskUrl(task: Task, workspaceId: string): string {
  return new URL(taskPath(task, workspaceId), window.location.origin).href;
}

export function useCardActions(
  workspaceId: string,
  move: MoveTask,
  requestDelete: (task: Task) => void,
  peek: (taskId: string) => void,
): CardActions {
  const { rep } = useSync();
  return useMemo(
    () => ({
      move,
      setStatus: (task, status) => move(task.id, status, { kind: "bottom" }),
      update: (task, changes) =>
        void rep.mutate
          .updateTask({
            id: task.id,
            projectId: task.projectId,
            ...changes,
            updatedAt: new Date().toISOString(),
          })
          .catch((error: unknown) => showError(error, "The task could not be saved")),
      copyLink: (task) =>
        void navigator.clipboard
          .writeText(taskUrl(task, workspaceId))
          .then(() => toast.success("Link copied"))
          .catch((error: unknown) => showError(error, "The link could not be copied")),
      requestDelete,
      peek,
    }),
    [rep, workspaceId, move, requestDelete, peek],
  );
}
