import { useEffect, useMemo } from "react";
import {
  projectSchema,
  statusSchema,
  type Project,
  type Status,
  type Task,
} from "../../shared/entities.ts";
import { prefixes } from "../../shared/keys.ts";
import { formatTaskKey, parseTaskKey } from "../../shared/task-key.ts";
import { projectCandidates, searchTasks } from "../lib/task-search.ts";
import type { TaskReference, TaskReferences } from "../lib/task-references.ts";
import { statusOfTask } from "./statuses.ts";
import type { Rep } from "./sync/create-replicache.ts";
import { useSync } from "./sync/replicache-provider.tsx";
import type { TaskStore } from "./sync/task-store.ts";

/**
 * The tasks a workspace's texts may name (lib/task-references.ts), read from the store: its
 * projects by key, its statuses, and the task store's tasks. Nothing is read until a text asks
 * (most screens show no text), and then once for every text of the workspace.
 */
class WorkspaceTaskReferences implements TaskReferences {
  private projectsByKey = new Map<string, Project>();
  private statuses = new Map<string, Status>();
  /** Per project's task list (the task store's array): its tasks by number. */
  private readonly numbers = new WeakMap<readonly Task[], Map<number, Task>>();
  private readonly listeners = new Set<() => void>();
  private stops: (() => void)[] | null = null;

  constructor(
    private readonly rep: Rep,
    private readonly tasks: TaskStore,
    private readonly workspaceId: string,
    readonly open: (reference: TaskReference) => void,
  ) {}

  resolve = (key: string): TaskReference | undefined => {
    this.start();
    const parsed = parseTaskKey(key);
    const project = parsed && this.projectsByKey.get(parsed.projectKey);
    if (!parsed || !project) return undefined;
    const list = this.tasks.projectTasks(project.id);
    let byNumber = this.numbers.get(list);
    if (!byNumber) {
      byNumber = new Map(list.map((task) => [task.number, task]));
      this.numbers.set(list, byNumber);
    }
    const task = byNumber.get(parsed.number);
    return task && this.referenceOf(task, project);
  };

  search = (query: string, limit: number): TaskReference[] => {
    this.start();
    const projects = [...this.projectsByKey.values()];
    const byId = new Map(projects.map((project) => [project.id, project]));
    const references: TaskReference[] = [];
    // A few more than asked: a task whose status is not held yet is left out.
    for (const { task } of searchTasks(
      projectCandidates(projects, (id) => this.tasks.projectTasks(id)),
      query,
      limit + 4,
    )) {
      const project = byId.get(task.projectId);
      const reference = project && this.referenceOf(task, project);
      if (reference) references.push(reference);
    }
    return references.slice(0, limit);
  };

  subscribe = (listener: () => void): (() => void) => {
    this.start();
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  close() {
    for (const stop of this.stops ?? []) stop();
    this.stops = null;
    this.listeners.clear();
  }

  private referenceOf(task: Task, project: Project): TaskReference | undefined {
    const status = statusOfTask(this.statuses, task);
    if (!status) return undefined;
    return {
      taskId: task.id,
      key: formatTaskKey(project.key, task.number),
      title: task.title,
      href: `/dashboard/workspace/${this.workspaceId}/project/${project.id}/task/${task.id}`,
      statusName: status.name,
      category: status.category,
      color: status.color,
    };
  }

  private start() {
    if (this.stops) return;
    const notify = () => {
      for (const listener of [...this.listeners]) listener();
    };
    this.stops = [
      this.rep.subscribe(
        async (tx) => {
          const projects: Project[] = [];
          for (const value of await tx
            .scan({ prefix: prefixes.project(this.workspaceId) })
            .values()
            .toArray()) {
            const parsed = projectSchema.safeParse(value);
            if (parsed.success) projects.push(parsed.data);
          }
          return projects;
        },
        {
          onData: (projects) => {
            this.projectsByKey = new Map(projects.map((project) => [project.key, project]));
            notify();
          },
        },
      ),
      this.rep.subscribe(
        async (tx) => {
          const statuses: Status[] = [];
          for (const value of await tx.scan({ prefix: prefixes.status() }).values().toArray()) {
            const parsed = statusSchema.safeParse(value);
            if (parsed.success && parsed.data.workspaceId === this.workspaceId) {
              statuses.push(parsed.data);
            }
          }
          return statuses;
        },
        {
          onData: (statuses) => {
            this.statuses = new Map(
              statuses.map((status) => [`${status.projectId}/${status.id}`, status]),
            );
            notify();
          },
        },
      ),
      this.tasks.subscribeAll(notify),
    ];
  }
}

/**
 * The workspace's tasks for its texts (`TaskReferencesContext`); `open` goes to a task's page.
 * Closed with the workspace's screen.
 */
export function useWorkspaceTaskReferences(
  workspaceId: string,
  open: (reference: TaskReference) => void,
): TaskReferences {
  const { rep, tasks } = useSync();
  const references = useMemo(
    () => new WorkspaceTaskReferences(rep, tasks, workspaceId, open),
    [rep, tasks, workspaceId, open],
  );
  useEffect(() => () => references.close(), [references]);
  return references;
}
