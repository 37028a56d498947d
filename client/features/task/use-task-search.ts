import { useCallback } from "react";
import type { Project, Task } from "../../../shared/entities.ts";
import { useTaskStatusOf } from "../../platform/statuses.ts";
import { useSync } from "../../platform/sync/replicache-provider.tsx";
import type { TaskOption } from "../../ui/pickers/task-picker.tsx";
import { projectCandidates, searchTasks } from "./task-search.ts";

/**
 * The task picker's search over these projects' tasks (a parent: the task's own project; a
 * relation: every project of the workspace), read from the task store when the person types,
 * never subscribed to: the page does not repaint for changes of other tasks.
 */
export function useTaskSearch(
  workspaceId: string,
  projects: readonly Project[],
  allowed: (task: Task) => boolean,
): (query: string) => TaskOption[] {
  const { tasks } = useSync();
  const statusOf = useTaskStatusOf(workspaceId);
  return useCallback(
    (query: string) => {
      const candidates = [...projectCandidates(projects, (id) => tasks.projectTasks(id))].filter(
        (candidate) => allowed(candidate.task),
      );
      return searchTasks(candidates, query).map(({ task, key }) => ({
        id: task.id,
        key,
        title: task.title,
        status: statusOf(task),
      }));
    },
    [projects, tasks, allowed, statusOf],
  );
}
