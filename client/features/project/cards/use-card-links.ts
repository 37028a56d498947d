import { useCallback, useMemo, useSyncExternalStore } from "react";
import type { Task } from "../../../../shared/entities.ts";
import { isDoneCategory, type WorkflowStatus } from "../../../../shared/statuses.ts";
import { useTaskStatusOf } from "../../../platform/statuses.ts";
import { useSync } from "../../../platform/sync/replicache-provider.tsx";
import { useProjectSubtasks, useRelations } from "../../../platform/sync/store-hooks.ts";
import type { SubtaskCount } from "./task-meta.tsx";

/**
 * What cards show of their links to other tasks: a parent's sub-task progress, and whether a
 * task is blocked by a task not yet done. Computed once per project, never per card: a card
 * receives its own count (the same object while its numbers stay) and a boolean, so a memoised
 * card repaints only when its own figures change.
 */
export type CardLinks = {
  progress: ReadonlyMap<string, SubtaskCount>;
  blocked: ReadonlySet<string>;
};

const counts = new Map<string, SubtaskCount>();

/** One object per pair of numbers: a count recomputed with the same figures is the same object. */
function countOf(done: number, total: number): SubtaskCount {
  const key = `${done}/${total}`;
  let count = counts.get(key);
  if (!count) counts.set(key, (count = { done, total }));
  return count;
}

export function useCardLinks(
  workspaceId: string,
  projectId: string,
  statusesById: ReadonlyMap<string, WorkflowStatus>,
): CardLinks {
  const subtasks = useProjectSubtasks(projectId);
  // Recomputed only when a sub-task of the project changes, over the sub-tasks alone.
  const progress = useMemo(() => {
    const map = new Map<string, SubtaskCount>();
    for (const [parentId, children] of subtasks) {
      const done = children.filter((task) => {
        const category = statusesById.get(task.status)?.category;
        return category !== undefined && isDoneCategory(category);
      }).length;
      map.set(parentId, countOf(done, children.length));
    }
    return map;
  }, [subtasks, statusesById]);
  const blocked = useBlockedTaskIds(workspaceId, projectId);
  return useMemo(() => ({ progress, blocked }), [progress, blocked]);
}

const noTasks: ReadonlySet<string> = new Set();

/**
 * The project's tasks not done yet that are blocked by a task not done yet (of any project of
 * the workspace): a finished task is blocked by nothing any more. Read
 * again after every change of the task store, but only over the workspace's blocking relations,
 * and the same set comes back while its members stay: the board repaints when a card's blocked
 * state changes, not for every move.
 */
function useBlockedTaskIds(workspaceId: string, projectId: string): ReadonlySet<string> {
  const { tasks } = useSync();
  const relations = useRelations(workspaceId);
  const statusOf = useTaskStatusOf(workspaceId);
  const blocking = useMemo(
    () => relations.filter((relation) => relation.kind === "blocks"),
    [relations],
  );
  const read = useMemo(() => {
    const done = (task: Task) => {
      const category = statusOf(task)?.category;
      return category !== undefined && isDoneCategory(category);
    };
    let last = noTasks;
    return () => {
      const next = new Set<string>();
      for (const relation of blocking) {
        const blockedTask = tasks.taskById(relation.relatedTaskId);
        if (blockedTask?.projectId !== projectId || done(blockedTask)) continue;
        const blocker = tasks.taskById(relation.taskId);
        if (blocker && !done(blocker)) next.add(blockedTask.id);
      }
      const same = next.size === last.size && [...next].every((id) => last.has(id));
      if (!same) last = next;
      return last;
    };
  }, [tasks, blocking, projectId, statusOf]);
  const subscribe = useCallback(
    (listener: () => void) => (blocking.length === 0 ? () => {} : tasks.subscribeAll(listener)),
    [tasks, blocking],
  );
  return useSyncExternalStore(subscribe, read);
}
