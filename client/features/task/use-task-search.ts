import { useCallback } from "react";
import { z } from "zod";
import { getJson } from "../../lib/get-json.ts";
import { isLoaded, useProjects, useSyncedProjects } from "../../platform/sync/store-hooks.ts";
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

const serverTasksSchema = z.object({
  tasks: z.array(
    z.object({ id: z.string(), projectId: z.string(), key: z.string(), title: z.string() }),
  ),
});

/**
 * The relation picker's matches among the tasks of projects not in this browser (partial
 * sync), from the server's search (server/search/search-routes.ts), leaving out the projects
 * the local search covers, the task itself and the tasks it is already related to.
 */
export function useRemoteTaskSearch(
  workspaceId: string,
  taskId: string,
  related: ReadonlySet<string>,
): ((query: string) => Promise<readonly TaskOption[]>) | undefined {
  const synced = useSyncedProjects();
  const projects = useProjects(workspaceId);
  const loaded = projects.filter((project) => isLoaded(synced, project.id)).map((p) => p.id);
  const exclude = loaded.join(",");
  const everyProjectLoaded = loaded.length === projects.length;
  const search = useCallback(
    async (query: string): Promise<readonly TaskOption[]> => {
      if (searchWords(query).length === 0) return [];
      const params = new URLSearchParams({
        q: query.slice(0, 200),
        ...(exclude ? { exclude } : {}),
      });
      const { tasks } = await getJson(
        `/api/workspaces/${encodeURIComponent(workspaceId)}/search?${params.toString()}`,
        serverTasksSchema,
      );
      return tasks
        .filter((task) => task.id !== taskId && !related.has(task.id))
        .map((task) => ({ ...task, status: undefined }));
    },
    [workspaceId, exclude, taskId, related],
  );
  return everyProjectLoaded ? undefined : search;
}

/** The words the server would search for: a query of none is not sent. */
const searchWords = (query: string) => query.match(/[\p{L}\p{N}]+/gu) ?? [];
