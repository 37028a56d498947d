import type { Project, Task, Workspace } from "../../../shared/entities.ts";
import { parseTaskKey } from "../../../shared/task-key.ts";

/** How many tasks the palette lists for a title search; more is noise, not help. */
export const TASK_RESULT_LIMIT = 20;

type PaletteMatches = {
  tasks: { task: Task; project: Project }[];
  projects: Project[];
  workspaces: Workspace[];
};

/**
 * What the palette offers for a query: a task by its key (`WEB-12`, any case) or by words of
 * its title, projects by name or key, workspaces by name. The active workspace comes first.
 */
export function paletteMatches(
  query: string,
  workspaces: readonly Workspace[],
  projects: readonly Project[],
  tasksOf: (projectId: string) => readonly Task[],
  activeWorkspaceId: string | null,
): PaletteMatches {
  const text = query.trim().toLowerCase();
  const activeFirst = <T extends { workspaceId: string }>(list: readonly T[]) => [
    ...list.filter((item) => item.workspaceId === activeWorkspaceId),
    ...list.filter((item) => item.workspaceId !== activeWorkspaceId),
  ];
  const orderedProjects = activeFirst(projects);

  const matchingProjects = orderedProjects.filter(
    (project) =>
      project.name.toLowerCase().includes(text) || project.key.toLowerCase().startsWith(text),
  );
  const matchingWorkspaces = workspaces.filter((workspace) =>
    workspace.name.toLowerCase().includes(text),
  );
  if (text === "") return { tasks: [], projects: matchingProjects, workspaces: matchingWorkspaces };

  const tasks: PaletteMatches["tasks"] = [];
  const key = parseTaskKey(text);
  if (key) {
    for (const project of orderedProjects) {
      if (project.key !== key.projectKey) continue;
      const task = tasksOf(project.id).find((candidate) => candidate.number === key.number);
      if (task) tasks.push({ task, project });
    }
  }
  const words = text.split(/\s+/);
  for (const project of orderedProjects) {
    for (const task of tasksOf(project.id)) {
      if (tasks.length >= TASK_RESULT_LIMIT) break;
      const title = task.title.toLowerCase();
      if (words.every((word) => title.includes(word)) && !tasks.some((m) => m.task === task)) {
        tasks.push({ task, project });
      }
    }
  }
  return { tasks, projects: matchingProjects, workspaces: matchingWorkspaces };
}
