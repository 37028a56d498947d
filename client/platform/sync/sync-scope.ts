import type { Puller, PullRequestV1 } from "replicache";
import { idSchema, type Relation } from "../../../shared/entities.ts";
import { syncedProjectsKey, syncedTasksKey } from "./local-data.ts";

/**
 * Partial sync (server/sync/README.md "Partial sync"): the store holds every workspace's
 * projects, statuses, labels, relations and members; the tasks of the projects this browser
 * opened last; and the histories (comments, activity, subscribers, files, description
 * documents) of the tasks it opened last. Each list lives in localStorage, so every tab of the
 * store (one Replicache client group) asks for the same ones; the one on screen is first, and
 * what is new to a list comes with the next pull, which opening it asks for at once.
 *
 * What falls off the end of a list is let go: the server takes it out of the store on the next
 * pull, and it loads again when it is next opened.
 */
export const MAX_SYNCED_PROJECTS = 20;
/** Histories kept: a person's task pages and peeks of the last days, a few rows each. */
export const MAX_SYNCED_TASKS = 50;

const isId = (id: unknown): id is string => idSchema.safeParse(id).success;

/** The ids of what this browser opened last (projects, or tasks), the last one first. */
export class OpenedList {
  private readonly listeners = new Set<() => void>();
  private readonly onStorage = (event: StorageEvent) => {
    if (event.key === this.key) this.emit();
  };

  constructor(
    private readonly key: string,
    private readonly max: number,
  ) {
    window.addEventListener("storage", this.onStorage);
  }

  /** The projects of one person's store. */
  static projects(userId: string) {
    return new OpenedList(syncedProjectsKey(userId), MAX_SYNCED_PROJECTS);
  }

  /** The tasks whose history one person's store holds. */
  static tasks(userId: string) {
    return new OpenedList(syncedTasksKey(userId), MAX_SYNCED_TASKS);
  }

  /** The ids, the one opened last first. */
  list(): string[] {
    try {
      const value: unknown = JSON.parse(localStorage.getItem(this.key) ?? "[]");
      if (!Array.isArray(value)) return [];
      return value.filter(isId).slice(0, this.max);
    } catch {
      return [];
    }
  }

  /** Puts the id first (the listeners pull: what is new to the list loads now). */
  open(id: string) {
    if (!isId(id)) return;
    const list = this.list();
    if (list[0] !== id) this.write([id, ...list.filter((other) => other !== id)]);
  }

  /**
   * Adds ids at the end of the list (the projects a loaded project's relations point into), as
   * far as it has room.
   */
  include(ids: readonly string[]) {
    const list = this.list();
    const added = ids.filter((id) => isId(id) && !list.includes(id));
    if (list.length < this.max && added.length > 0) this.write([...list, ...added]);
  }

  /** Called whenever the list changes, in this tab or in another. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose() {
    window.removeEventListener("storage", this.onStorage);
    this.listeners.clear();
  }

  /** Stores the list (cut to its length) and tells the listeners; a full storage keeps the old one. */
  private write(list: string[]) {
    try {
      localStorage.setItem(this.key, JSON.stringify(list.slice(0, this.max)));
    } catch {
      return;
    }
    this.emit();
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}

/**
 * The projects a loaded project's relations point into that the store does not sync: a board
 * marks a card blocked only while its blocker is not done, and a task page lists the related
 * tasks with their keys, so the other project's tasks are needed too.
 */
export function relatedProjects(
  relations: readonly Relation[],
  synced: ReadonlySet<string>,
): string[] {
  const wanted = new Set<string>();
  for (const { taskProjectId: a, relatedProjectId: b } of relations) {
    if (!a || !b) continue;
    if (synced.has(a) && !synced.has(b)) wanted.add(b);
    if (synced.has(b) && !synced.has(a)) wanted.add(a);
  }
  return [...wanted].sort();
}

type Listed = Pick<OpenedList, "list">;

/**
 * Every pull names the projects and the tasks of the scope: the server then sends no other
 * project's tasks, and no other task's history.
 */
export function pullingScope(puller: Puller, scope: { projects: Listed; tasks: Listed }): Puller {
  return (request, requestID) => {
    if (request.pullVersion !== 1) return puller(request, requestID);
    const body: PullRequestV1 & { projects: string[]; tasks: string[] } = {
      ...request,
      projects: scope.projects.list(),
      tasks: scope.tasks.list(),
    };
    return puller(body, requestID);
  };
}
