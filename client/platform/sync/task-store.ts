import type { ExperimentalNoIndexDiff, ReadonlyJSONValue } from "replicache";
import { taskSchema, type Task, type TaskStatus } from "../../../shared/entities.ts";
import { prefixes } from "../../../shared/keys.ts";
import { comparePositions } from "../../../shared/task-position.ts";
import type { Rep } from "./create-replicache.ts";

type Listener = () => void;

/**
 * One project's tasks split by status id, each in board order; a status without tasks has no
 * entry (`columnOf` reads it as empty). A Map, since status ids are chosen by people.
 */
export type StatusColumns = ReadonlyMap<TaskStatus, readonly Task[]>;

const noTasks: readonly Task[] = [];

/** A status's column: its tasks in board order, the same empty list when it has none. */
export const columnOf = (columns: StatusColumns, status: TaskStatus): readonly Task[] =>
  columns.get(status) ?? noTasks;

/** One project's sub-tasks by parent id, each list in the order they were created (number). */
export type ProjectSubtasks = ReadonlyMap<string, readonly Task[]>;

const noSubtasks: ProjectSubtasks = new Map();

/**
 * Every task of the store, kept in memory per project and fed by Replicache's watch: a change
 * costs the changed rows, not a re-scan and re-parse of a 10,000-task project (the pattern
 * repliear uses for its board). Screens read one project's tasks through `useProjectTasks`.
 */
export class TaskStore {
  private readonly byProject = new Map<string, Map<string, Task>>();
  private readonly sorted = new Map<string, readonly Task[]>();
  /** Per project: a change keeps the arrays of the statuses it did not touch. */
  private readonly columns = new Map<string, StatusColumns>();
  /** Every task's project, so a task is found by its id alone (relations cross projects). */
  private readonly projectOf = new Map<string, string>();
  /** Per project, per parent: its sub-tasks by id; kept as changes arrive. */
  private readonly children = new Map<string, Map<string, Map<string, Task>>>();
  /** Per project: `children` as lists, the same object until a sub-task of the project changes. */
  private readonly subtasks = new Map<string, ProjectSubtasks>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly allListeners = new Set<Listener>();
  private readonly stopWatching: () => void;
  ready = false;

  constructor(rep: Rep) {
    // Changes that land while the first read runs wait for it, then apply on top: a change
    // the read already saw applies again to the same value.
    let waiting: ExperimentalNoIndexDiff[] | null = [];
    this.stopWatching = rep.experimentalWatch(
      (diff) => (waiting ? waiting.push(diff) : this.apply(diff)),
      { prefix: prefixes.task() },
    );
    void readAllTasks(rep).then(
      (entries) => {
        if (this.closed) return;
        const diffs = waiting ?? [];
        waiting = null;
        this.apply(entries.map(([key, newValue]) => ({ op: "add" as const, key, newValue })));
        for (const diff of diffs) this.apply(diff);
      },
      () => undefined, // Closed while reading.
    );
  }

  private closed = false;

  close() {
    this.closed = true;
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

  /**
   * One project's tasks by status, each in board order. The object is new after a change;
   * the column of a status the change did not touch is the same array as before.
   */
  projectColumns(projectId: string): StatusColumns {
    let columns = this.columns.get(projectId);
    if (!columns) {
      const split = new Map<TaskStatus, Task[]>();
      for (const task of this.projectTasks(projectId)) {
        const column = split.get(task.status);
        if (column) column.push(task);
        else split.set(task.status, [task]);
      }
      columns = split;
      this.columns.set(projectId, columns);
    }
    return columns;
  }

  /** The task as the store has it now (not as a screen last rendered it). */
  findTask(projectId: string, taskId: string): Task | undefined {
    return this.byProject.get(projectId)?.get(taskId);
  }

  /** A task of any project, by its id alone. */
  taskById(taskId: string): Task | undefined {
    const projectId = this.projectOf.get(taskId);
    return projectId === undefined ? undefined : this.findTask(projectId, taskId);
  }

  /**
   * One project's sub-tasks by parent. The same object until one of the project's sub-tasks
   * changes (a task that is no sub-task never touches it), so the board's progress counts are
   * not recomputed for every move.
   */
  projectSubtasks(projectId: string): ProjectSubtasks {
    let map = this.subtasks.get(projectId);
    if (!map) {
      const byParent = this.children.get(projectId);
      if (!byParent || byParent.size === 0) return noSubtasks;
      map = new Map(
        [...byParent].map(([parentId, tasks]) => [
          parentId,
          [...tasks.values()].sort((a, b) => a.number - b.number),
        ]),
      );
      this.subtasks.set(projectId, map);
    }
    return map;
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

  private apply(diff: ExperimentalNoIndexDiff) {
    /** Per touched project: the tasks replaced or removed (old values) and the new ones. */
    const touched = new Map<string, { removed: Task[]; added: Task[] }>();
    for (const change of diff) {
      if (typeof change.key !== "string") continue;
      const projectId = change.key.split("/")[1];
      if (!projectId) continue;
      let tasks = this.byProject.get(projectId);
      let edit = touched.get(projectId);
      if (!edit) touched.set(projectId, (edit = { removed: [], added: [] }));
      const id = change.key.slice(change.key.lastIndexOf("/") + 1);
      const before = tasks?.get(id);
      if (change.op === "del") {
        tasks?.delete(id);
        this.projectOf.delete(id);
        if (before) edit.removed.push(before);
        this.setChild(projectId, before, undefined);
      } else {
        const parsed = taskSchema.safeParse(change.newValue);
        if (!parsed.success) continue;
        if (!tasks) this.byProject.set(projectId, (tasks = new Map()));
        tasks.set(parsed.data.id, parsed.data);
        this.projectOf.set(parsed.data.id, projectId);
        if (before) edit.removed.push(before);
        edit.added.push(parsed.data);
        this.setChild(projectId, before, parsed.data);
      }
    }
    this.ready = true;
    for (const [projectId, edit] of touched) {
      this.resort(projectId, edit.removed, edit.added);
      for (const listener of this.listeners.get(projectId) ?? []) listener();
    }
    for (const listener of this.allListeners) listener();
  }

  /** Keeps `children` current for one task's change; drops the project's lists if it mattered. */
  private setChild(projectId: string, before: Task | undefined, after: Task | undefined) {
    if (!before?.parentId && !after?.parentId) return;
    let byParent = this.children.get(projectId);
    if (!byParent) this.children.set(projectId, (byParent = new Map()));
    if (before?.parentId) {
      const siblings = byParent.get(before.parentId);
      siblings?.delete(before.id);
      if (siblings?.size === 0) byParent.delete(before.parentId);
    }
    if (after?.parentId) {
      let siblings = byParent.get(after.parentId);
      if (!siblings) byParent.set(after.parentId, (siblings = new Map()));
      siblings.set(after.id, after);
    }
    this.subtasks.delete(projectId);
  }

  /**
   * Keeps a project's sorted list and its columns current. A few changes (a move, an edit, a
   * pull bringing someone's change) are spliced into copies with binary search: a copy of
   * 10,000 references costs far less than sorting them again, and only the columns of the
   * statuses involved are copied. Many changes at once (the first sync) drop both, and the
   * next read sorts once.
   */
  private resort(projectId: string, removed: Task[], added: Task[]) {
    const list = this.sorted.get(projectId);
    const next = list && spliced(list, removed, added);
    if (!next) {
      this.sorted.delete(projectId);
      this.columns.delete(projectId);
      return;
    }
    this.sorted.set(projectId, next);
    const columns = this.columns.get(projectId);
    if (!columns) return;
    const nextColumns = new Map(columns);
    for (const status of new Set([...removed, ...added].map((task) => task.status))) {
      const column = spliced(
        columnOf(columns, status),
        removed.filter((task) => task.status === status),
        added.filter((task) => task.status === status),
      );
      if (!column) {
        this.columns.delete(projectId);
        return;
      }
      if (column.length === 0) nextColumns.delete(status);
      else nextColumns.set(status, column);
    }
    this.columns.set(projectId, nextColumns);
  }
}

const INCREMENTAL_LIMIT = 64;

/** Task ids (nanoid's alphabet) split at these characters into ranges read side by side. */
const ID_SPLITS = "4CKS_go".split("");

/**
 * Every task of the store. Replicache reads a scan's B-tree nodes from IndexedDB one after
 * another, each a round trip, which made this the longest step of reloading a 10,000-task
 * board; the same keys read as a few ranges at once overlap those round trips. The ranges
 * split each known project's tasks by the first character of their id, and together cover
 * every key under `task/`, whatever its project.
 */
async function readAllTasks(rep: Rep): Promise<[string, ReadonlyJSONValue][]> {
  return rep.query(async (tx) => {
    const prefix = prefixes.task();
    const projectIds = new Set<string>();
    for await (const key of tx.scan({ prefix: prefixes.project() }).keys()) {
      projectIds.add(key.slice(key.lastIndexOf("/") + 1));
    }
    const starts = [...projectIds]
      .flatMap((projectId) => [
        prefixes.task(projectId),
        ...ID_SPLITS.map((char) => `${prefixes.task(projectId)}${char}`),
      ])
      .sort();
    const ranges = [prefix, ...starts].map((start, index, all) => ({ start, end: all[index + 1] }));
    const parts = await Promise.all(
      ranges.map(async ({ start, end }) => {
        const entries: [string, ReadonlyJSONValue][] = [];
        for await (const [key, value] of tx.scan({ prefix, start: { key: start } }).entries()) {
          if (end !== undefined && key >= end) break;
          entries.push([key, value]);
        }
        return entries;
      }),
    );
    return parts.flat();
  });
}

/**
 * `list` (in board order) without `removed` (by their old values) and with `added`, as a copy;
 * null when there are too many changes to splice, or a removed task is not where its old
 * value says (should not happen): the caller sorts afresh.
 */
function spliced(
  list: readonly Task[],
  removed: readonly Task[],
  added: readonly Task[],
): readonly Task[] | null {
  if (removed.length + added.length > INCREMENTAL_LIMIT) return null;
  const next = [...list];
  for (const task of removed) {
    const at = lowerBound(next, task);
    if (next[at]?.id !== task.id) return null;
    next.splice(at, 1);
  }
  for (const task of added) next.splice(lowerBound(next, task), 0, task);
  return next;
}

/** The first index whose task sorts at or after `task` (board order: position, then id). */
function lowerBound(list: readonly Task[], task: Task): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const item = list[mid];
    if (item && comparePositions(item, task) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}
