import type { ExperimentalNoIndexDiff, ReadTransaction, ReadonlyJSONValue } from "replicache";
import { taskSchema, type Task, type TaskStatus } from "../../../shared/entities.ts";
import { prefixes } from "../../../shared/keys.ts";
import { comparePositions } from "../../../shared/task-position.ts";
import { afterNextPaint } from "../browser/after-paint.ts";
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
 *
 * A store holds the tasks of up to 20 projects (partial sync), so an open reads them project by
 * project rather than all at once: the page's own project (the head of `firstProjects`) at once,
 * beside the list of the store's projects, then the projects a screen asks for (`subscribe`),
 * then the others in the order of `firstProjects` (the projects opened last come first), then
 * the rest. A reloaded board paints once its own project is read, whatever else the store holds
 * and before the list is known; `isRead` says whether a project's tasks are all here yet.
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
  /** Every change, in order, until the store's projects are known (the open's first read). */
  private held: Change[] | null = [];
  /** The projects with a row in the store at its open whose tasks are not read yet. */
  private readonly unread = new Set<string>();
  /** The projects with a row in the store at its open. */
  private readonly known = new Set<string>();
  /** Whether the tasks of projects without a row (none, nearly always) have been read. */
  private othersRead = false;
  /** Changes of projects not read yet, in order, applied on top of what their read finds. */
  private readonly pending = new Map<string, Change[]>();
  /** Projects a screen asked for, the last asked first: read before the others. */
  private readonly wanted: string[] = [];
  /**
   * The page's own project, read beside the list of projects rather than after it; its changes
   * wait in `headChanges` until that read is in, then apply at once.
   */
  private readonly head: string | undefined;
  private headRead = false;
  /** Resolved once the page's own project is read (at once when there is none). */
  readonly headReady: Promise<void>;
  private headChanges: Change[] = [];
  private closed = false;

  constructor(rep: Rep, firstProjects: () => readonly string[] = () => []) {
    this.head = firstProjects()[0];
    // A change that lands while its project is read waits for the read, then applies on top:
    // a change the read already saw applies again to the same value.
    this.stopWatching = rep.experimentalWatch((diff) => this.receive(diff), {
      prefix: prefixes.task(),
    });
    // A read ends in an error only when the store closed while reading.
    this.headReady =
      this.head === undefined
        ? Promise.resolve()
        : this.readHead(rep, this.head).catch(() => undefined);
    void this.readAll(rep, firstProjects).catch(() => undefined);
  }

  close() {
    this.closed = true;
    this.stopWatching();
  }

  /** Whether the project's tasks have all been read from the store (false while it opens). */
  isRead(projectId: string): boolean {
    if (projectId === this.head) return this.headRead;
    if (this.held || this.unread.has(projectId)) return false;
    return this.othersRead || this.known.has(projectId);
  }

  private receive(diff: ExperimentalNoIndexDiff) {
    const now: Change[] = [];
    for (const change of diff) {
      const projectId = projectOfKey(change.key);
      if (projectId === undefined) continue;
      if (projectId === this.head && !this.headRead) this.headChanges.push(change);
      else if (this.held && projectId !== this.head) this.held.push(change);
      else if (this.isRead(projectId)) now.push(change);
      else this.pendingOf(projectId).push(change);
    }
    if (now.length > 0) this.apply(now);
  }

  private pendingOf(projectId: string): Change[] {
    let changes = this.pending.get(projectId);
    if (!changes) this.pending.set(projectId, (changes = []));
    return changes;
  }

  /**
   * A read's tasks, then the changes that came while it ran, for these projects; their screens
   * hear of it even when nothing was found (`isRead` changed).
   */
  private settle(entries: [string, ReadonlyJSONValue][], projectIds: readonly string[]) {
    const changes: Change[] = entries.map(([key, newValue]) => ({ op: "add", key, newValue }));
    for (const projectId of projectIds) {
      changes.push(...(this.pending.get(projectId) ?? []));
      this.pending.delete(projectId);
    }
    const touched = this.apply(changes);
    for (const projectId of projectIds) {
      if (touched.has(projectId)) continue;
      for (const listener of this.listeners.get(projectId) ?? []) listener();
    }
  }

  private async readAll(rep: Rep, firstProjects: () => readonly string[]) {
    const { projectIds, others } = await readProjectsAndOthers(rep);
    if (this.closed) return;
    for (const projectId of projectIds) {
      this.known.add(projectId);
      if (projectId !== this.head) this.unread.add(projectId);
    }
    const held = this.held ?? [];
    this.held = null;
    for (const change of held) {
      const projectId = projectOfKey(change.key);
      if (projectId !== undefined) this.pendingOf(projectId).push(change);
    }
    this.othersRead = true;
    // Every project without a row is read now: those with changes waiting, and any a screen
    // follows (a project created since the open).
    const unknown = new Set([...this.pending.keys(), ...this.listeners.keys()]);
    this.settle(
      others.filter(([key]) => projectOfKey(key) !== this.head),
      [...unknown].filter((projectId) => !this.known.has(projectId) && projectId !== this.head),
    );
    // The rest waits for the page's own project to be drawn and the page to be idle.
    let first = true;
    if (this.head !== undefined) {
      await this.headReady;
      if (this.closed) return;
      if (this.unread.size > 0) await this.pause(true);
      first = false;
    }
    const order = [...new Set([...firstProjects(), ...projectIds])];
    for (;;) {
      const next =
        this.wanted.find((id) => this.unread.has(id)) ?? order.find((id) => this.unread.has(id));
      if (next === undefined) break;
      const entries = await readProjectTasks(rep, next);
      if (this.closed) return;
      this.unread.delete(next);
      this.settle(entries, [next]);
      if (this.unread.size > 0) await this.pause(first);
      first = false;
    }
  }

  /** The page's own project, with the changes that came while it was read on top. */
  private async readHead(rep: Rep, projectId: string) {
    const entries = await readProjectTasks(rep, projectId);
    if (this.closed) return;
    const changes: Change[] = entries.map(([key, newValue]) => ({ op: "add", key, newValue }));
    changes.push(...this.headChanges);
    this.headChanges = [];
    this.headRead = true;
    const touched = this.apply(changes);
    if (touched.has(projectId)) return;
    for (const listener of this.listeners.get(projectId) ?? []) listener();
  }

  /** Ends a pause between two projects' reads at once: a screen asks for one. */
  private wake: (() => void) | undefined;

  /**
   * Between two projects' reads: the frame that shows the one just read is painted first. After
   * the first (the page's own), the others wait until the page is idle too, so its screen
   * draws its cards and settles before the rest of the store is read; a screen that asks for
   * a project meanwhile ends the wait.
   */
  private pause(first: boolean): Promise<void> {
    return new Promise((resolve) => {
      const stops: (() => void)[] = [];
      const done = () => {
        for (const stop of stops) stop();
        this.wake = undefined;
        resolve();
      };
      this.wake = done;
      stops.push(afterNextPaint(first ? () => stops.push(afterIdle(done)) : done));
    });
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

  /** Follows one project's tasks; a project not read yet is read next. */
  subscribe(projectId: string, listener: Listener): () => void {
    if (this.unread.has(projectId) || this.held) {
      this.wanted.unshift(projectId);
      this.wake?.();
    }
    let set = this.listeners.get(projectId);
    if (!set) this.listeners.set(projectId, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  subscribeAll(listener: Listener): () => void {
    this.allListeners.add(listener);
    return () => this.allListeners.delete(listener);
  }

  /** Applies the changes and tells the screens of each project they touched; returns those. */
  private apply(diff: readonly Change[]): ReadonlySet<string> {
    /** Per touched project: the tasks replaced or removed (old values) and the new ones. */
    const touched = new Map<string, { removed: Task[]; added: Task[] }>();
    for (const change of diff) {
      const projectId = projectOfKey(change.key);
      if (projectId === undefined) continue;
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
    for (const [projectId, edit] of touched) {
      this.resort(projectId, edit.removed, edit.added);
      for (const listener of this.listeners.get(projectId) ?? []) listener();
    }
    for (const listener of this.allListeners) listener();
    return new Set(touched.keys());
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

type Change = ExperimentalNoIndexDiff[number];
type Range = { start: string; end: string | undefined };

/** How long the rest of the store waits for an idle moment after the page's own project. */
const IDLE_WAIT_MS = 2000;

/** Runs `task` when the page is next idle (at the latest after IDLE_WAIT_MS); returns a cancel. */
function afterIdle(task: () => void): () => void {
  if (typeof requestIdleCallback !== "function") {
    const timer = setTimeout(task, 200);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(task, { timeout: IDLE_WAIT_MS });
  return () => cancelIdleCallback(handle);
}

/** The project of a key `task/{projectId}/{taskId}`. */
function projectOfKey(key: string): string | undefined {
  return key.split("/")[1] || undefined;
}

/** The keys of a project's tasks: `task/{id}/` up to `task/{id}0` ("0" follows "/"). */
function projectSpan(projectId: string): { start: string; end: string } {
  return { start: prefixes.task(projectId), end: `${prefixes.task()}${projectId}0` };
}

/** Every entry of the range, read with the others of one transaction. */
async function readRange(tx: ReadTransaction, { start, end }: Range) {
  const entries: [string, ReadonlyJSONValue][] = [];
  const scan = tx.scan({ prefix: prefixes.task(), start: { key: start } });
  for await (const [key, value] of scan.entries()) {
    if (end !== undefined && key >= end) break;
    entries.push([key, value]);
  }
  return entries;
}

const readRanges = async (tx: ReadTransaction, ranges: Range[]) =>
  (await Promise.all(ranges.map((range) => readRange(tx, range)))).flat();

/**
 * The store's projects (those with a row), and the tasks of any project without one: the keys
 * between the projects' spans, read side by side (a project's row nearly always comes with
 * its tasks, so these ranges are nearly always empty).
 */
function readProjectsAndOthers(rep: Rep) {
  return rep.query(async (tx) => {
    const projectIds = new Set<string>();
    for await (const key of tx.scan({ prefix: prefixes.project() }).keys()) {
      projectIds.add(key.slice(key.lastIndexOf("/") + 1));
    }
    const spans = [...projectIds].map(projectSpan).sort((a, b) => (a.start < b.start ? -1 : 1));
    const gaps: Range[] = [];
    let from = prefixes.task();
    for (const span of spans) {
      if (from < span.start) gaps.push({ start: from, end: span.start });
      from = span.end;
    }
    gaps.push({ start: from, end: undefined });
    return { projectIds: [...projectIds], others: await readRanges(tx, gaps) };
  });
}

/**
 * One project's tasks. Replicache reads a scan's B-tree nodes from IndexedDB one after another,
 * each a round trip, which made this the longest step of reloading a 10,000-task board; the
 * same keys read as a few ranges at once (split by the first character of the task's id)
 * overlap those round trips.
 */
function readProjectTasks(rep: Rep, projectId: string) {
  const span = projectSpan(projectId);
  const starts = [span.start, ...ID_SPLITS.map((char) => `${span.start}${char}`)];
  const ranges = starts.map((start, index) => ({ start, end: starts[index + 1] ?? span.end }));
  return rep.query((tx) => readRanges(tx, ranges));
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
