/**
 * A pull's page (pull.ts, step 5): the patch since the client's record, and where each
 * workspace and project of the scope now stands. Built in the order below: where the page
 * starts, the histories held, the better-auth rows and notices, every read of what changed
 * (sent at once), the first pulls continued, the patch.
 *
 * A page holds:
 *
 * - dels: keys of better-auth rows and notices no longer in scope; tombstones of the record's
 *   workspaces whose transaction the record's snapshot did not see; every current row of a
 *   workspace that left the scope (removed, left, deleted: with the tombstones that is every
 *   key the client may hold there; deleting a key it never got is harmless);
 * - puts: better-auth rows and notices whose version changed; rows of the record's workspaces
 *   whose transaction the record's snapshot did not see, limited to the part already sent of
 *   a workspace still in its first pull; then that first pull continued from its cursor.
 *
 * Dels come first, so a key both deleted and written since ends as a put.
 *
 * Paging: a first pull (no record, a reset, or a workspace new to the scope) walks each
 * workspace's rows kind by kind (projects, labels, tasks, relations, comments, activity: the
 * board can paint after the first page) in id order, until about PAGE_BYTES of values; the
 * cursor is kept in the record and the cookie says `more`, and the client pulls again at once
 * (client/platform/sync/create-replicache.ts). Rows past a cursor are read as they are when
 * the cursor reaches them; rows before it that change meanwhile come as changes (above).
 *
 * Partial sync (server/sync/README.md, "Partial sync"): a request naming `projects` gets the
 * workspaces' own kinds (projects, statuses, labels, relations) as above, and tasks with what
 * belongs to them for those projects only; each named project has its own first pull (tasks, then
 * their rows, by task), its changes are filtered to it, and a project no longer named is taken
 * out.
 */
import type { PatchOperation, ReadonlyJSONValue } from "replicache";
import type { SyncScope } from "../../shared/entities.ts";
import { syncScopeKey } from "../../shared/keys.ts";
import { diffCvr } from "./cvr.ts";
import * as notificationRows from "../notifications/notification-rows.ts";
import * as cvrRows from "./rows/cvr-rows.ts";
import * as data from "./rows/scope-rows.ts";
import { sharedPuts } from "./pull-body.ts";
import { sharedKey, type Shared } from "./pull-waves.ts";
import type { Tx } from "../db/transaction.ts";

/**
 * A page of a first pull stops once its values reach about this many bytes of JSON (a byte
 * limit rather than a row limit: a task with a long description weighs many comments). At
 * 10,000 tasks the whole scope is about 13 MB: some 6 pages, each parsed and applied by the
 * browser while the server reads the next, and the first one already holds the board's tasks.
 */
const PAGE_BYTES = 2 * 1024 * 1024;
/**
 * Rows read per query of a first pull: what the room left in the page holds at ROW_BYTES a row
 * (a seeded task is about 500 bytes, a comment or an activity less), at most FILL_BATCH. A page
 * overshoots its size by at most one batch.
 */
const FILL_BATCH = 500;
const ROW_BYTES = 400;

export type Workspaces = cvrRows.Cvr["workspaces"];

type Kinds = readonly cvrRows.RowKind[];

/**
 * Partial sync: the projects the client asked for, and those of them it may see; the tasks
 * whose history it asked for (null: every task's of those projects).
 */
type Wanted = { want: string[]; visible: Map<string, string>; tasks: string[] | null };

/**
 * What a page is built from. `pageBytes` replaces PAGE_BYTES, so tests can page a small scope.
 */
type PageRequest = {
  userId: string;
  previous: cvrRows.Cvr | null;
  access: data.Access;
  wanted: Wanted | null;
  pageBytes: number | undefined;
};

type Page = {
  patch: PatchOperation[];
  workspaces: Workspaces;
  partial: cvrRows.PartialScope | null;
};

/** The patch since `previous` (module comment) and where each workspace and project now stands. */
export async function buildPage(tx: Tx, shared: Shared, request: PageRequest): Promise<Page> {
  const { previous } = request;
  const places = startingPlaces(previous, request.access, request.wanted);
  const { partial } = places;
  // Histories task by task: those of the tasks asked for whose project is in the scope.
  const histories = partial?.tasks ? await heldHistories(tx, shared, partial, previous) : null;
  if (partial) partial.histories = histories;
  const own = versionChanges(previous, request.access);
  const reads = readChanges(tx, shared, request, places, histories);
  const runs = await takeChanges(shared, reads, own);

  const pageBytes = request.pageBytes ?? PAGE_BYTES;
  const room = await continueFirstPulls(
    tx,
    shared,
    places.kinds,
    places.workspaces,
    runs,
    pageBytes,
  );
  if (partial) {
    await continueProjectPulls(tx, shared, partial, runs, room);
    const scope = syncScope(partial, histories);
    const scopeBefore = previous?.partial
      ? syncScope(previous.partial, previous.partial.histories)
      : null;
    if (!scopeBefore || JSON.stringify(scopeBefore) !== JSON.stringify(scope)) {
      own.puts.set(syncScopeKey, scope);
    }
  }
  return { patch: patchOf(own, runs), workspaces: places.workspaces, partial };
}

/** Where the page starts: the kinds it sends, and where each workspace and project stands. */
type Places = { kinds: Kinds; workspaces: Workspaces; partial: cvrRows.PartialScope | null };

/**
 * The record's places for the workspaces and projects still in the scope, and the start of a
 * first pull for those new to it.
 */
function startingPlaces(
  previous: cvrRows.Cvr | null,
  access: data.Access,
  wanted: Wanted | null,
): Places {
  // Partial sync sends the tasks (and what belongs to them) of the projects asked for only.
  const kinds: Kinds = wanted ? cvrRows.WORKSPACE_ROW_KINDS : cvrRows.ROW_KINDS;
  const before: Workspaces = previous?.workspaces ?? {};
  const workspaces: Workspaces = {};
  for (const id of access.workspaceIds) {
    workspaces[id] = Object.hasOwn(before, id) ? (before[id] ?? null) : cursorAfterKind(kinds, -1);
  }
  if (!wanted) return { kinds, workspaces, partial: null };
  const projectsBefore = previous?.partial?.projects ?? {};
  const partial: cvrRows.PartialScope = {
    want: wanted.want,
    projects: {},
    tasks: wanted.tasks,
    histories: null,
  };
  for (const [id, workspaceId] of wanted.visible) {
    // A copy: pull.ts compares the record's own entry with it.
    const project = projectsBefore[id];
    partial.projects[id] = project
      ? { ...project }
      : { workspaceId, cursor: { phase: "task", after: "" } };
  }
  return { kinds, workspaces, partial };
}

/**
 * Of the tasks asked for, those whose history the store gets: the tasks whose project is in the
 * scope (of the person's workspaces: an id of another, or of none, is left out without a word).
 * The record's list while neither list changed and it holds every task asked for; otherwise
 * read again, since a task asked for may exist by now (created offline, opened at once).
 */
async function heldHistories(
  tx: Tx,
  shared: Shared,
  partial: cvrRows.PartialScope,
  previous: cvrRows.Cvr | null,
): Promise<string[]> {
  const asked = partial.tasks ?? [];
  const before = previous?.partial;
  if (
    before?.histories?.length === asked.length &&
    sameList(before.tasks ?? undefined, asked) &&
    sameList(Object.keys(before.projects).sort(), Object.keys(partial.projects).sort())
  ) {
    return before.histories;
  }
  const projectOf = await shared(sharedKey("task projects", asked), () =>
    data.taskProjects(tx, asked),
  );
  return asked.filter((id) => {
    const projectId = projectOf.get(id);
    return projectId !== undefined && Object.hasOwn(partial.projects, projectId);
  });
}

/** This pull's own dels and puts, beside the runs of rows it shares with its wave. */
type Own = { dels: Set<string>; puts: Map<string, ReadonlyJSONValue> };

/** Better-auth's rows and the notices whose version changed since the record (cvr.ts). */
function versionChanges(previous: cvrRows.Cvr | null, access: data.Access): Own {
  const own: Own = { dels: new Set(), puts: new Map() };
  const small = diffCvr(previous?.entries ?? {}, access.versions);
  for (const key of small.dels) own.dels.add(key);
  for (const key of small.puts) {
    const value = access.values.get(key);
    if (value) own.puts.set(key, value);
  }
  return own;
}

/** The reads of what changed since the record, in the order their answers are applied. */
type Reads = {
  deletedNotifications: Promise<string[]>;
  notifications: ReturnType<typeof notificationRows.visibleNotifications>;
  deletions: Promise<string[]>[];
  changes: Promise<data.Row[]>[];
  historyChanges: { kind: cvrRows.TaskChildKind; rows: Promise<data.Row[]> }[];
  newHistories: Promise<data.Row[]>;
  /** The tasks whose history was sent before and still is: their changes are kept. */
  keptHistories: Set<string>;
};

/**
 * Every read below is sent at once (pipelined on the transaction's connection) and applied
 * in this order: the person's notifications (all of them on a first pull, else those the
 * record's snapshot did not see; a removed member's were deleted with the membership:
 * tombstones), then the workspaces' deletions and changed rows kind by kind.
 * The same for the person's every client whose record is of the same moment (a crowd's).
 */
function readChanges(
  tx: Tx,
  shared: Shared,
  { userId, previous }: PageRequest,
  places: Places,
  histories: string[] | null,
): Reads {
  const recorded = previous?.snapshot;
  const deletedNotifications = recorded
    ? shared(sharedKey("deleted notifications", userId, recorded), () =>
        notificationRows.deletedNotificationKeys(tx, userId, recorded),
      )
    : Promise.resolve([]);
  const notifications = shared(sharedKey("notifications", userId, recorded), () =>
    notificationRows.visibleNotifications(tx, userId, recorded),
  );
  // The whole history of a task new to the list; the changes of those already sent, read for
  // the wave (the workspaces' changed rows of each kind) and kept to those tasks.
  const historiesBefore = new Set(previous?.partial?.histories ?? []);
  const newHistories = histories
    ? data.taskHistory(
        tx,
        histories.filter((id) => !historiesBefore.has(id)),
      )
    : Promise.resolve([]);
  const reads: Reads = {
    deletedNotifications,
    notifications,
    deletions: [],
    changes: [],
    historyChanges: [],
    newHistories,
    keptHistories: new Set(histories?.filter((id) => historiesBefore.has(id))),
  };
  if (previous) readSince(tx, shared, previous, places, histories, reads);
  return reads;
}

/** The reads of the deletions and changes the record's snapshot did not see. */
function readSince(
  tx: Tx,
  shared: Shared,
  previous: cvrRows.Cvr,
  places: Places,
  histories: string[] | null,
  reads: Reads,
) {
  const { workspaces, partial } = places;
  const since = previous.snapshot;
  const projectsBefore = previous.partial?.projects ?? {};
  const kept = Object.keys(previous.workspaces).filter((id) => Object.hasOwn(workspaces, id));
  // Projects kept, and those let go whose workspace stays (a workspace that left goes whole).
  const keptProjects = partial
    ? Object.keys(projectsBefore).filter((id) => Object.hasOwn(partial.projects, id))
    : undefined;
  reads.deletions.push(...readDeletions(tx, shared, previous, places, keptProjects));
  reads.changes.push(
    ...workspaceChanges(tx, shared, places.kinds, previous.workspaces, kept, since),
  );
  if (partial && keptProjects) {
    reads.changes.push(
      ...projectChanges(tx, shared, keptProjects, projectsBefore, since, !partial.tasks),
    );
  }
  if (partial && histories) readHistoryChanges(tx, shared, previous, places, histories, reads);
}

/**
 * The keys gone since the record: its workspaces' tombstones, every key of a workspace that left
 * the scope, and of a project let go whose workspace stays.
 */
function readDeletions(
  tx: Tx,
  shared: Shared,
  previous: cvrRows.Cvr,
  { workspaces, partial }: Places,
  keptProjects: string[] | undefined,
): Promise<string[]>[] {
  const since = previous.snapshot;
  const known = Object.keys(previous.workspaces);
  const left = known.filter((id) => !Object.hasOwn(workspaces, id));
  const letGo = Object.entries(previous.partial?.projects ?? {})
    .filter(([id, p]) => !partial?.projects[id] && Object.hasOwn(workspaces, p.workspaceId))
    .map(([id]) => id);
  return [
    shared(sharedKey("deleted", known, since, keptProjects), () =>
      data.deletedKeys(tx, known, since, keptProjects),
    ),
    shared(sharedKey("workspace", left), () => data.workspaceKeys(tx, left)),
    shared(sharedKey("project", letGo), () => data.projectKeys(tx, letGo)),
  ];
}

/**
 * The reads of the rows changed in the workspaces kept, kind by kind: every row of a kind
 * already sent whole, and of the kind a first pull is part-way through only what it has sent.
 */
function workspaceChanges(
  tx: Tx,
  shared: Shared,
  kinds: Kinds,
  before: Workspaces,
  kept: string[],
  since: string,
): Promise<data.Row[]>[] {
  const kindIndex = (kind: cvrRows.RowKind) => kinds.indexOf(kind);
  const reads: Promise<data.Row[]>[] = [];
  for (const [index, kind] of kinds.entries()) {
    // Workspaces whose rows of this kind were all sent, and those part-way through them.
    const whole: string[] = [];
    const partly: [string, string][] = [];
    for (const id of kept) {
      const cursor = before[id];
      if (!cursor || kindIndex(cursor.kind) > index) whole.push(id);
      else if (kindIndex(cursor.kind) === index && cursor.after) partly.push([id, cursor.after]);
    }
    if (whole.length > 0) reads.push(changedRows(tx, shared, kind, whole, since));
    for (const [id, after] of partly) {
      reads.push(changedRows(tx, shared, kind, [id], since, after));
    }
  }
  return reads;
}

/**
 * The reads of what changed in projects the record already covers: every task and task row of
 * the projects whose first pull is done, and of one part-way only what it has sent.
 */
function projectChanges(
  tx: Tx,
  shared: Shared,
  ids: string[],
  projects: cvrRows.PartialScope["projects"],
  since: string,
  withHistories: boolean,
): Promise<data.Row[]>[] {
  const reads: Promise<data.Row[]>[] = [];
  const inWorkspaces = (list: string[]) => [
    ...new Set(list.map((id) => projects[id]!.workspaceId)),
  ];
  const loaded = ids.filter((id) => projects[id]?.cursor === null);
  if (loaded.length > 0) {
    const workspaceIds = inWorkspaces(loaded);
    for (const kind of withHistories
      ? (["task", ...cvrRows.TASK_CHILD_KINDS] as const)
      : ["task" as const]) {
      reads.push(changedRows(tx, shared, kind, workspaceIds, since, undefined, { ids: loaded }));
    }
  }
  for (const id of ids) {
    const cursor = projects[id]?.cursor;
    if (!cursor) continue;
    const workspaceIds = inWorkspaces([id]);
    const sent = { ids: [id], upToTask: cursor.after };
    if (cursor.phase === "children") {
      reads.push(changedRows(tx, shared, "task", workspaceIds, since, undefined, { ids: [id] }));
    }
    if (!cursor.after) continue;
    for (const kind of cursor.phase === "task" ? (["task"] as const) : cvrRows.TASK_CHILD_KINDS) {
      reads.push(changedRows(tx, shared, kind, workspaceIds, since, undefined, sent));
    }
  }
  return reads;
}

/**
 * Histories task by task: every key of the histories let go, and the changed rows of each kind
 * in the scope's workspaces, read for the wave and kept (takeChanges) to the histories kept.
 */
function readHistoryChanges(
  tx: Tx,
  shared: Shared,
  previous: cvrRows.Cvr,
  { partial }: Places,
  histories: string[],
  reads: Reads,
) {
  const since = previous.snapshot;
  const historiesBefore = new Set(previous.partial?.histories ?? []);
  const letGoHistories = [...historiesBefore].filter((id) => !histories.includes(id));
  reads.deletions.push(data.taskHistoryKeys(tx, letGoHistories));
  if (!partial || reads.keptHistories.size === 0) return;
  const workspaceIds = [
    ...new Set(Object.values(partial.projects).map((p) => p.workspaceId)),
  ].sort();
  for (const kind of cvrRows.TASK_CHILD_KINDS) {
    reads.historyChanges.push({ kind, rows: changedRows(tx, shared, kind, workspaceIds, since) });
  }
}

/**
 * Waits for every read (one Promise.all, so that a read that fails is handled however soon it
 * fails), then adds this pull's own answers to `own`, in the order read. Returns the lists of
 * rows read for the wave, which go whole into the patch after what is this pull's own: the same
 * operations in every answer of the wave, written and compressed once (pull-body.ts).
 */
async function takeChanges(shared: Shared, reads: Reads, own: Own): Promise<data.Row[][]> {
  const [notificationDels, notificationPuts, deletedLists, changedLists, historyRows, history] =
    await Promise.all([
      reads.deletedNotifications,
      reads.notifications,
      Promise.all(reads.deletions),
      Promise.all(reads.changes),
      Promise.all(reads.historyChanges.map((read) => read.rows)),
      reads.newHistories,
    ]);
  // What follows is this pull's own work on the wave's shared answers.
  await shared.turn();
  for (const key of notificationDels) own.dels.add(key);
  for (const { key, value } of notificationPuts) own.puts.set(key, value);
  for (const keys of deletedLists) for (const key of keys) own.dels.add(key);
  for (const [index, rows] of historyRows.entries()) {
    const kind = reads.historyChanges[index]!.kind;
    for (const row of rows) {
      if (reads.keptHistories.has(data.historyTaskId(kind, row))) own.puts.set(row.key, row.value);
    }
  }
  for (const row of history) own.puts.set(row.key, row.value);
  return changedLists.filter((rows) => rows.length > 0);
}

/**
 * Sends rows of the workspaces still in their first pull, kind by kind across workspaces, until
 * the page holds about `pageBytes`; moves their cursors (null once a workspace's last kind is
 * done). Returns the room left in the page.
 */
async function continueFirstPulls(
  tx: Tx,
  shared: Shared,
  kinds: Kinds,
  workspaces: Workspaces,
  runs: data.Row[][],
  pageBytes: number,
): Promise<number> {
  let room = pageBytes;
  for (const [index, kind] of kinds.entries()) {
    for (const [id, cursor] of Object.entries(workspaces)) {
      if (cursor?.kind !== kind) continue;
      let after = cursor.after;
      for (;;) {
        if (room <= 0) return room;
        const batch = Math.min(FILL_BATCH, Math.ceil(room / ROW_BYTES));
        const rows = await shared(sharedKey("after", kind, id, after, batch), () =>
          data.rowsAfter(tx, kind, id, after, batch),
        );
        room -= addRows(runs, rows);
        const last = rows.at(-1);
        if (!last || rows.length < batch) {
          workspaces[id] = cursorAfterKind(kinds, index);
          break;
        }
        after = last.id;
        workspaces[id] = { kind, after };
      }
    }
  }
  return room;
}

/** Where a workspace's first pull starts (`index` -1), and where it goes after finishing a kind. */
function cursorAfterKind(kinds: Kinds, index: number): cvrRows.FillCursor | null {
  const kind = kinds[index + 1];
  return kind ? { kind, after: "" } : null;
}

/** Adds the rows to the page's runs; returns their size in bytes of JSON. */
function addRows(runs: data.Row[][], rows: data.Row[]): number {
  if (rows.length > 0) runs.push(rows);
  return rowsBytes(rows);
}

/** The size of rows in bytes of JSON, counted once per list a wave shares. */
const rowsBytesOf = new WeakMap<data.Row[], number>();
function rowsBytes(rows: data.Row[]): number {
  let size = rowsBytesOf.get(rows);
  if (size === undefined) {
    size = 0;
    for (const row of rows) size += row.key.length + JSON.stringify(row.value).length;
    rowsBytesOf.set(rows, size);
  }
  return size;
}

/**
 * Partial sync: the first pulls of the projects asked for, in the order asked (the project on
 * screen first), each its tasks first (the board paints from them), then what belongs to them,
 * task by task, until the page is full.
 */
async function continueProjectPulls(
  tx: Tx,
  shared: Shared,
  partial: cvrRows.PartialScope,
  runs: data.Row[][],
  room: number,
) {
  for (const id of partial.want) {
    const project = partial.projects[id];
    if (!project) continue;
    while (project.cursor) {
      if (room <= 0) return;
      const cursor = project.cursor;
      // A task's rows weigh several times the task: take fewer tasks per read in that phase.
      const perTask = cursor.phase === "task" ? ROW_BYTES : ROW_BYTES * 4;
      const batch = Math.min(FILL_BATCH, Math.ceil(room / perTask));
      const { rows, last, count } = await shared(
        sharedKey("project after", id, cursor.phase, cursor.after, batch),
        () => data.projectRowsAfter(tx, id, cursor, batch),
      );
      room -= addRows(runs, rows);
      if (!last || count < batch) {
        // Histories task by task: a project's first pull is its tasks only.
        project.cursor =
          cursor.phase === "task" && !partial.tasks ? { phase: "children", after: "" } : null;
      } else {
        project.cursor = { phase: cursor.phase, after: last };
      }
    }
  }
}

/**
 * The value of the store's `sync-scope` key for a partial record, and the tasks whose history
 * the store holds (null: every task's of the projects it holds).
 */
function syncScope(partial: cvrRows.PartialScope, histories: string[] | null): SyncScope {
  const projects: SyncScope["projects"] = {};
  for (const [id, project] of Object.entries(partial.projects)) {
    projects[id] = project.cursor ? "loading" : "loaded";
  }
  return { id: "sync-scope", projects, ...(histories ? { tasks: histories } : {}) };
}

/** The patch: this pull's own dels, then its own puts, then the runs it shares with its wave. */
function patchOf(own: Own, runs: data.Row[][]): PatchOperation[] {
  const patch: PatchOperation[] = [];
  for (const key of own.dels) patch.push({ op: "del", key });
  // A key both in a run and among the pull's own puts is the run's: the same snapshot's row.
  const inRuns = new Set(runs.flatMap((rows) => rows.map((row) => row.key)));
  for (const [key, value] of own.puts) if (!inRuns.has(key)) patch.push({ op: "put", key, value });
  for (const rows of runs) patch.push(...sharedPuts(rows));
  return patch;
}

export const sameList = (a: string[] | undefined, b: string[] | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.join() === b.join());

type ChangedRowsArgs =
  Parameters<typeof data.changedRows> extends [unknown, ...infer Rest] ? Rest : never;

/** `data.changedRows`, read once for the pulls of a wave that ask it with the same arguments. */
function changedRows(tx: Tx, shared: Shared, ...args: ChangedRowsArgs): Promise<data.Row[]> {
  return shared(sharedKey("changed", ...args), () => data.changedRows(tx, ...args));
}
