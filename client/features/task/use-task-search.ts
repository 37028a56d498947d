import { useCallback } from "react";
import {
  fetchServerSearch,
  serverSearchUrl,
  useLoadedProjects,
} from "../../platform/sync/server-search.ts";
import type { Project, Task } from "../../../shared/entities.ts";
import { useTaskStatusOf } from "../../platform/statuses.ts";
import { useSync } from "../../platform/sync/replicache-provider.tsx";
import type { TaskOption } from "../../ui/pickers/task-picker.tsx";
import { projectCandidates, searchTasks } from "../../lib/task-search.ts";

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

/**
 * The relation picker's matches among the tasks of projects not in this browser (partial
 * sync), from the server's search, leaving out the task itself and the tasks it is already
 * related to. Undefined when the store holds every project of the workspace.
 */
export function useRemoteTaskSearch(
  workspaceId: string,
  taskId: string,
  related: ReadonlySet<string>,
): ((query: string) => Promise<readonly TaskOption[]>) | undefined {
  const { loaded, notLoaded } = useLoadedProjects(workspaceId);
  const search = useCallback(
    async (query: string): Promise<readonly TaskOption[]> => {
      const url = serverSearchUrl(workspaceId, query, loaded);
      if (url === null) return [];
      const { tasks } = await fetchServerSearch(url);
      return tasks
        .filter((task) => task.id !== taskId && !related.has(task.id))
        .map(({ id, projectId, key, title }) => ({ id, projectId, key, title, status: undefined }));
    },
    [workspaceId, loaded, taskId, related],
  );
  return notLoaded > 0 ? search : undefined;
}
