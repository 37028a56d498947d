import type { Puller, PullRequestV1 } from "replicache";
import { idSchema, type Relation } from "../../../shared/entities.ts";
import { syncedProjectsKey } from "../../lib/local-data.ts";

/**
 * Partial sync (server/sync/README.md "Partial sync"): the store holds every workspace's
 * projects, statuses, labels, relations and members, and the tasks (with their comments,
 * activity and files) of the projects this browser opened last only. The list lives in
 * localStorage, so every tab of the store (one Replicache client group) asks for the same
 * projects; the project on screen is first, and its first pull is sent first.
 *
 * A project that falls off the end of the list is let go: the server takes its tasks out of
 * the store on the next pull, and it loads again when it is next opened.
 */
export const MAX_SYNCED_PROJECTS = 20;

const isId = (id: unknown): id is string => idSchema.safeParse(id).success;

export class ProjectScope {
  private readonly key: string;
  private readonly listeners = new Set<() => void>();
  private readonly onStorage = (event: StorageEvent) => {
    if (event.key === this.key) this.emit();
  };

  constructor(userId: string) {
    this.key = syncedProjectsKey(userId);
    window.addEventListener("storage", this.onStorage);
  }

  /** The projects to sync, the one opened last first. */
  list(): string[] {
    try {
      const value: unknown = JSON.parse(localStorage.getItem(this.key) ?? "[]");
      if (!Array.isArray(value)) return [];
      return value.filter(isId).slice(0, MAX_SYNCED_PROJECTS);
    } catch {
      return [];
    }
  }

  /** Puts the project first (the listeners pull: a project new to the list loads now). */
  open(projectId: string) {
    if (!isId(projectId)) return;
    const list = this.list();
    if (list[0] !== projectId) this.write([projectId, ...list.filter((id) => id !== projectId)]);
  }

  /**
   * Adds projects at the end of the list (those a loaded project's relations point into), as
   * far as it has room.
   */
  include(projectIds: readonly string[]) {
    const list = this.list();
    const added = projectIds.filter((id) => isId(id) && !list.includes(id));
    if (list.length < MAX_SYNCED_PROJECTS && added.length > 0) this.write([...list, ...added]);
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
      localStorage.setItem(this.key, JSON.stringify(list.slice(0, MAX_SYNCED_PROJECTS)));
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

/** Every pull names the projects of the scope (the server then sends no other project's tasks). */
export function pullingProjects(puller: Puller, scope: Pick<ProjectScope, "list">): Puller {
  return (request, requestID) => {
    if (request.pullVersion !== 1) return puller(request, requestID);
    const body: PullRequestV1 & { projects: string[] } = { ...request, projects: scope.list() };
    return puller(body, requestID);
  };
}
