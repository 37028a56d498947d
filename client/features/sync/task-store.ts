import type { ExperimentalDiff } from "replicache";
import { taskSchema, type Task } from "../../../shared/entities.ts";
import { prefixes } from "../../../shared/keys.ts";
import { comparePositions } from "../../../shared/task-position.ts";
import type { Rep } from "./create-replicache.ts";

type Listener = () => void;

/**
 * Every task of the store, kept in memory per project and fed by Replicache's watch: a change
 * costs the changed rows, not a re-scan and re-parse of a 10,000-task project (the pattern
 * repliear uses for its board). Screens read one project's tasks through `useProjectTasks`.
 */
export class TaskStore {
  private readonly byProject = new Map<string, Map<string, Task>>();
  private readonly sorted = new Map<string, readonly Task[]>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly allListeners = new Set<Listener>();
  private readonly stopWatching: () => void;
  ready = false;

  constructor(rep: Rep) {
    this.stopWatching = rep.experimentalWatch((diff) => this.apply(diff), {
      prefix: prefixes.task(),
      initialValuesInFirstDiff: true,
    });
  }

  close() {
    this.stopWatching();
  }

  /** One project's tasks in board order (status aside): position, then id. */
  projectTasks(projectId: string): readonly Task[] {
    let list = this.sorted.get(projectId);
    if (!list) {
      list = [...(this.byProject.get(projectId)?.values() ?? [])].sort(comparePositions);
      this.sorted.set(projectId, list);
    }
    return list;
  }

  allProjectIds(): string[] {
    return [...this.byProject.keys()];
  }

  subscribe(projectId: string, listener: Listener): () => void {
    let set = this.listeners.get(projectId);
    if (!set) this.listeners.set(projectId, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  subscribeAll(listener: Listener): () => void {
    this.allListeners.add(listener);
    return () => this.allListeners.delete(listener);
  }

  private apply(diff: ExperimentalDiff) {
    const touched = new Set<string>();
    for (const change of diff) {
      if (typeof change.key !== "string") continue;
      const projectId = change.key.split("/")[1];
      if (!projectId) continue;
      let tasks = this.byProject.get(projectId);
      if (change.op === "del") {
        tasks?.delete(change.key.slice(change.key.lastIndexOf("/") + 1));
      } else {
        const parsed = taskSchema.safeParse(change.newValue);
        if (!parsed.success) continue;
        if (!tasks) this.byProject.set(projectId, (tasks = new Map()));
        tasks.set(parsed.data.id, parsed.data);
      }
      touched.add(projectId);
    }
    this.ready = true;
    for (const projectId of touched) {
      this.sorted.delete(projectId);
      for (const listener of this.listeners.get(projectId) ?? []) listener();
    }
    for (const listener of this.allListeners) listener();
  }
}
