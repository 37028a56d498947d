/**
 * `POST /api/replicache/pull` (PullRequest v1): incremental, paged row sync, read top to bottom:
 *
 * 1. Wrong pullVersion or schemaVersion → `VersionNotSupported` (HTTP 200, as Replicache wants).
 * 2. In one repeatable-read transaction: read the client group (403 if another user's; an
 *    unknown group is served too: a forked group arrives with another group's cookie).
 * 3. Load the client view record the cookie names (unknown, another user's or too old →
 *    reset: `clear`, then the whole scope, page by page). A cookie this server cannot have
 *    issued (an order out of range, a record id with control characters) counts as unknown.
 * 4. Fast path: if the person's workspace change counters and notices are what the record was
 *    built from, no client's lastMutationID moved and no first pull is under way, answer
 *    "nothing changed" without reading any row.
 * 5. Otherwise build the page (below), store a new record under a fresh id and answer with
 *    cookie `{order, cvrId}` (plus `more: true` while a first pull is under way), where
 *    order = max(cookie order, group's last order) + 1, so a cookie never goes backwards.
 *
 * What a record holds: the snapshot of the pull that made it (`pg_current_snapshot()`, taken
 * when the transaction's first statement ran), the versions of the small better-auth-derived
 * rows (workspaces, members) and of the notices, and per workspace in scope either "all sent"
 * or a cursor into its first pull. Every product row carries `tx`, the transaction that last
 * wrote it, and deletes leave tombstones carrying theirs (migration 0005). A page holds:
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
 * Why snapshot visibility loses nothing under concurrency: the page reads every row as of its
 * own snapshot S1, and the record says the client holds every row as of S0. A row changed
 * between them was written by a transaction that is visible in S1 (else the page would read
 * the older version) and not in S0 (else the client would have it): exactly the test used. A
 * transaction that had its id before S1 was taken but commits after it is in S1's in-progress
 * list: the page does not see its rows, and the next page, whose S0 is this S1, finds them
 * because S1 did not see that transaction. Ids below S0's xmin belong to transactions that had
 * all ended when S0 was taken, so `tx >= xmin(S0)` bounds the index range without losing any.
 * Tombstones are rows written by the deleting transaction and follow the same rule. The
 * clients' lastMutationIDs are read in the same snapshot, so they agree with the data.
 *
 * Paging: a first pull (no record, a reset, or a workspace new to the scope) walks each
 * workspace's rows kind by kind (projects, labels, tasks, relations, comments, activity: the
 * board can paint after the first page) in id order, until about PAGE_BYTES of values; the
 * cursor is kept in the record and the cookie says `more`, and the client pulls again at once
 * (client/platform/sync/create-replicache.ts). Rows past a cursor are read as they are when
 * the cursor reaches them; rows before it that change meanwhile come as changes (above).
 * While a first pull is under way lastMutationIDChanges are held back (the record keeps what
 * was last reported): a pending mutation whose row has not been sent yet stays pending on the
 * client, rather than being acknowledged while its effect is missing from the store.
 *
 * Partial sync (server/sync/README.md, "Partial sync"): a request naming `projects` gets the
 * workspaces' own kinds (projects, statuses, labels, relations) as above, and tasks with what
 * belongs to them for those projects only; each named project has its own first pull (tasks, then
 * their rows, by task), its changes are filtered to it, and a project no longer named is taken
 * out.
 */
import { randomUUID } from "node:crypto";
import type { PatchOperation, PullResponseV1, ReadonlyJSONValue } from "replicache";
import { z } from "zod";
import { opaqueIdSchema } from "../../shared/opaque-id.ts";
import { idSchema, type SyncScope } from "../../shared/entities.ts";
import { syncScopeKey } from "../../shared/keys.ts";
import { SCHEMA_VERSION } from "../../shared/schema-version.ts";
import { ApiError, invalidBody } from "../http/api-error.ts";
import { changedMutationIds, diffCvr } from "./cvr.ts";
import * as notificationRows from "../notifications/notification-rows.ts";
import * as clientRows from "./rows/client-rows.ts";
import * as cvrRows from "./rows/cvr-rows.ts";
import * as data from "./rows/scope-rows.ts";
import { sharedPuts } from "./pull-body.ts";
import { solo, type PullWaves, type Shared } from "./pull-waves.ts";
import { withRetry, type Commit, type Tx } from "../db/transaction.ts";
import type postgres from "postgres";

/** Older records than the newest few of a group answer with a reset instead of a diff. */
const CVRS_KEPT_PER_GROUP = 5;
/** A record this old belongs to a browser long closed; its return costs one full pull. */
const CVR_MAX_AGE_DAYS = 14;
/**
 * Tombstones outlive every record still honoured. The extra day covers a deleting transaction
 * that began (its tombstone's created_at) before a record's snapshot but committed after it.
 */
const TOMBSTONE_DAYS = CVR_MAX_AGE_DAYS + 1;
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

const cookieSchema = z.union([
  z.null(),
  z.number(),
  z.string(),
  z.object({
    order: z.union([z.number(), z.string()]),
    cvrId: z.string().optional(),
    more: z.boolean().optional(),
  }),
]);

/** The most projects a client may name for partial sync (it keeps the ones opened last). */
export const MAX_SYNCED_PROJECTS = 50;
/** The most tasks whose history a client may name (it keeps the ones opened last). */
export const MAX_SYNCED_TASKS = 50;

/** Read first, so that another version is answered as such (built once: zod compiles it). */
const pullVersionSchema = z.looseObject({ pullVersion: z.number() });

const pullRequestSchema = z.object({
  pullVersion: z.literal(1),
  clientGroupID: opaqueIdSchema,
  cookie: cookieSchema,
  profileID: opaqueIdSchema,
  schemaVersion: z.string().max(200),
  // Partial sync: the projects whose tasks the client wants, the one it needs first first.
  // Absent: every project of every workspace (older clients, scripts).
  projects: z.array(idSchema).max(MAX_SYNCED_PROJECTS).optional(),
  // With `projects`: the tasks whose history (comments, activity, subscribers, files,
  // description documents) the client wants. Absent: every task's of those projects.
  tasks: z.array(idSchema).max(MAX_SYNCED_TASKS).optional(),
});

/**
 * The largest cookie order honoured. Orders are stored in integer columns
 * (`replicache_cookie.cvr_version`, `replicache_cvr.cookie_order`); stopping at half
 * their range leaves a group that starts from the largest cookie a billion pulls to go.
 */
const MAX_COOKIE_ORDER = 2 ** 30;

/** The reads and writes of a pull's own records, in statements for its whole wave. */
const cvrs = cvrRows.cvrsById(CVR_MAX_AGE_DAYS);
const prunedCvrs = cvrRows.prunedCvrs({ keep: CVRS_KEPT_PER_GROUP, maxAgeDays: CVR_MAX_AGE_DAYS });

/** One pull in this many prunes old tombstones (on average). */
const PRUNE_EVERY = 50;

/** `more` is set while a first pull is under way: the client pulls again at once. */
export type PullCookie = { order: number; cvrId: string; more?: true };

export type PullResult =
  PullResponseV1 | { error: "VersionNotSupported"; versionType: "pull" | "schema" };

type Workspaces = cvrRows.Cvr["workspaces"];

/**
 * `pageBytes` replaces PAGE_BYTES, so tests can page a small scope. `waves`: the pull joins the
 * next wave (pull-waves.ts) instead of running in a transaction of its own.
 */
export type PullOptions = { pageBytes?: number; waves?: PullWaves };

export async function pull(
  sql: postgres.Sql,
  userId: string,
  body: unknown,
  options: PullOptions = {},
): Promise<PullResult> {
  const version = pullVersionSchema.safeParse(body);
  if (!version.success) throw invalidBody();
  if (version.data.pullVersion !== 1) {
    return { error: "VersionNotSupported", versionType: "pull" };
  }
  const parsed = pullRequestSchema.safeParse(body);
  if (!parsed.success) throw invalidBody();
  const request = parsed.data;
  if (request.schemaVersion !== SCHEMA_VERSION) {
    return { error: "VersionNotSupported", versionType: "schema" };
  }
  const cookie = request.cookie;
  const { order: cookieOrder, cvrId } = readCookie(cookie);
  const groupId = request.clientGroupID;
  const want = request.projects ? [...new Set(request.projects)] : null;
  const wantTasks = want && request.tasks ? [...new Set(request.tasks)] : null;

  const run = async (tx: Tx, commit: Commit, shared: Shared): Promise<PullResult> => {
    // Read, not locked: a no-op pull writes nothing. Two concurrent pulls of one group both
    // write its cookie order below, and repeatable read makes the second one retry.
    // Sent together with the BEGIN: postgres.js pipelines them on the transaction's
    // connection, so they cost one round trip rather than seven (the transaction's snapshot
    // is the same for all). What only a pull that changes something needs (the snapshot, the
    // person's workspaces and members) is read here too: a crowd's pulls nearly all do.
    const [
      storedGroup,
      stored,
      fingerprint,
      mutationIds,
      notificationsChanged,
      snapshot,
      access,
      visible,
    ] = await Promise.all([
      shared.one(clientRows.clientGroups, tx, groupId),
      cvrId
        ? shared.one(cvrs, tx, cvrId).then((cvr) => (cvr?.userId === userId ? cvr : null))
        : null,
      shared(`fingerprint ${userId}`, () => data.scopeFingerprint(tx, userId)),
      shared.one(clientRows.clientMutationIds, tx, groupId).then((ids) => ids ?? {}),
      cvrId
        ? shared
            .one(notificationRows.notificationsChangedSinceRecords, tx, cvrId)
            .then((record) => record?.userId === userId && record.changed)
        : true,
      shared("snapshot", () => cvrRows.currentSnapshot(tx)),
      shared(`access ${userId}`, () => data.loadAccess(tx, userId)),
      want
        ? shared(key("visible", userId, want), () => data.visibleProjects(tx, userId, want))
        : null,
    ]);
    // A record of the other mode (a client that starts or stops naming projects, or tasks) is
    // no base for a diff: the client starts again from a reset.
    const previous =
      stored &&
      (stored.partial === null) === (want === null) &&
      (stored.partial?.tasks == null) === (wantTasks === null)
        ? stored
        : null;
    const group = storedGroup ?? { userId, cvrVersion: 0 };
    if (group.userId !== userId) {
      throw new ApiError(403, "FORBIDDEN", "This client group belongs to another user");
    }
    const changedIds = changedMutationIds(previous?.clientMutationIds ?? {}, mutationIds);
    const unchanged = { cookie, lastMutationIDChanges: {}, patch: [] };
    if (
      previous &&
      !filling(previous.workspaces) &&
      !projectsFilling(previous.partial) &&
      sameList(previous.partial?.want, want ?? undefined) &&
      sameList(previous.partial?.tasks ?? undefined, wantTasks ?? undefined) &&
      previous.fingerprint === fingerprint &&
      Object.keys(changedIds).length === 0 &&
      !notificationsChanged
    ) {
      return unchanged;
    }

    const page = await buildPage(
      tx,
      shared,
      userId,
      previous,
      access,
      want && visible ? { want, visible, tasks: wantTasks } : null,
      options.pageBytes ?? PAGE_BYTES,
    );
    const done = !filling(page.workspaces) && !projectsFilling(page.partial);
    const lastMutationIDChanges = done ? changedIds : {};
    if (
      previous &&
      page.patch.length === 0 &&
      Object.keys(lastMutationIDChanges).length === 0 &&
      sameWorkspaces(previous.workspaces, page.workspaces) &&
      samePartial(previous.partial, page.partial)
    ) {
      // Counters moved without a visible change: the record now stands for this snapshot, so
      // the next pull is fast again and looks at fewer transactions.
      await commit(cvrRows.advanceCvr(tx, previous.id, snapshot, fingerprint));
      return unchanged;
    }

    const next: PullCookie = {
      order: Math.max(cookieOrder, group.cvrVersion) + 1,
      cvrId: randomUUID(),
      ...(done ? {} : { more: true as const }),
    };
    // The last statements, with the COMMIT right behind them (a wave's pulls write together).
    await commit(
      shared.write(clientRows.cookieOrders, tx, {
        groupId,
        userId,
        isNew: storedGroup === undefined,
        order: next.order,
      }),
      shared.write(cvrRows.newCvrs, tx, {
        id: next.cvrId,
        clientGroupId: groupId,
        userId,
        order: next.order,
        snapshot,
        workspaces: page.workspaces,
        entries: access.versions,
        clientMutationIds: done ? mutationIds : (previous?.clientMutationIds ?? {}),
        fingerprint,
        partial: page.partial,
      }),
      shared.write(prunedCvrs, tx, { clientGroupId: groupId, userId }),
      // Old tombstones go a bounded batch at a time, in one pull of PRUNE_EVERY on average:
      // they are only for records past their age, and every pull deleting costs the crowd.
      Math.random() < 1 / PRUNE_EVERY
        ? cvrRows.pruneTombstones(tx, TOMBSTONE_DAYS)
        : Promise.resolve(),
      Math.random() < 1 / PRUNE_EVERY
        ? notificationRows.pruneNotificationTombstones(tx, TOMBSTONE_DAYS)
        : Promise.resolve(),
    );
    const patch: PatchOperation[] = previous ? page.patch : [{ op: "clear" }, ...page.patch];
    return { cookie: next, lastMutationIDChanges, patch };
  };
  if (options.waves) return options.waves.run(groupId, run);
  return withRetry(sql, "repeatable read", (tx, commit) => run(tx, commit, solo));
}

/**
 * The cookie's order (the floor of the next) and the record it names. A cookie this server
 * cannot have issued, an order that is not a whole number from 0 to MAX_COOKIE_ORDER or a
 * record id that is no id, is read as no cookie: the pull resets, as for an unknown record.
 */
function readCookie(cookie: z.infer<typeof cookieSchema>): {
  order: number;
  cvrId: string | undefined;
} {
  const none = { order: 0, cvrId: undefined };
  if (cookie === null) return none;
  const order = typeof cookie === "object" ? cookie.order : cookie;
  const value = typeof order === "number" ? order : /^\d{1,10}$/.test(order) ? Number(order) : NaN;
  if (!Number.isInteger(value) || value < 0 || value > MAX_COOKIE_ORDER) return none;
  if (typeof cookie !== "object" || cookie.cvrId === undefined) {
    return { order: value, cvrId: undefined };
  }
  const cvrId = opaqueIdSchema.safeParse(cookie.cvrId);
  return cvrId.success ? { order: value, cvrId: cvrId.data } : none;
}

const filling = (workspaces: Workspaces) => Object.values(workspaces).some((c) => c !== null);

const projectsFilling = (partial: cvrRows.PartialScope | null) =>
  partial !== null && Object.values(partial.projects).some((p) => p.cursor !== null);

const sameList = (a: string[] | undefined, b: string[] | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.join() === b.join());

function samePartial(a: cvrRows.PartialScope | null, b: cvrRows.PartialScope | null): boolean {
  if (a === null || b === null) return a === b;
  if (
    !sameList(a.want, b.want) ||
    !sameList(a.tasks ?? undefined, b.tasks ?? undefined) ||
    !sameList(a.histories ?? undefined, b.histories ?? undefined)
  ) {
    return false;
  }
  const ids = Object.keys(a.projects);
  return (
    ids.length === Object.keys(b.projects).length &&
    ids.every((id) => {
      const x = a.projects[id]?.cursor;
      const y = b.projects[id]?.cursor;
      return (
        Object.hasOwn(b.projects, id) &&
        (x === y || (x && y && x.phase === y.phase && x.after === y.after))
      );
    })
  );
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
  const projectOf = await shared(key("task projects", asked), () => data.taskProjects(tx, asked));
  return asked.filter((id) => {
    const projectId = projectOf.get(id);
    return projectId !== undefined && Object.hasOwn(partial.projects, projectId);
  });
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

function sameWorkspaces(a: Workspaces, b: Workspaces): boolean {
  const ids = Object.keys(a);
  if (ids.length !== Object.keys(b).length) return false;
  return ids.every((id) => {
    const x = a[id];
    const y = b[id];
    return (
      Object.hasOwn(b, id) && (x === y || (x && y && x.kind === y.kind && x.after === y.after))
    );
  });
}

type Kinds = readonly cvrRows.RowKind[];

/** Where a workspace's first pull starts (`index` -1), and where it goes after finishing a kind. */
function cursorAfterKind(kinds: Kinds, index: number): cvrRows.FillCursor | null {
  const kind = kinds[index + 1];
  return kind ? { kind, after: "" } : null;
}

/**
 * Partial sync: the projects the client asked for, and those of them it may see; the tasks
 * whose history it asked for (null: every task's of those projects).
 */
type Wanted = { want: string[]; visible: Map<string, string>; tasks: string[] | null };

type Page = {
  patch: PatchOperation[];
  workspaces: Workspaces;
  partial: cvrRows.PartialScope | null;
};

/** The patch since `previous` (module comment) and where each workspace and project now stands. */
async function buildPage(
  tx: Tx,
  shared: Shared,
  userId: string,
  previous: cvrRows.Cvr | null,
  access: data.Access,
  wanted: Wanted | null,
  pageBytes: number,
): Promise<Page> {
  // Partial sync sends the tasks (and what belongs to them) of the projects asked for only.
  const kinds: Kinds = wanted ? cvrRows.WORKSPACE_ROW_KINDS : cvrRows.ROW_KINDS;
  const kindIndex = (kind: cvrRows.RowKind) => kinds.indexOf(kind);
  const before: Workspaces = previous?.workspaces ?? {};
  const workspaces: Workspaces = {};
  for (const id of access.workspaceIds) {
    workspaces[id] = Object.hasOwn(before, id) ? (before[id] ?? null) : cursorAfterKind(kinds, -1);
  }
  const projectsBefore = previous?.partial?.projects ?? {};
  const partial: cvrRows.PartialScope | null = wanted && {
    want: wanted.want,
    projects: {},
    tasks: wanted.tasks,
    histories: null,
  };
  if (partial && wanted) {
    for (const [id, workspaceId] of wanted.visible) {
      // A copy: the record's own entry is compared with it below.
      const before = projectsBefore[id];
      partial.projects[id] = before
        ? { ...before }
        : { workspaceId, cursor: { phase: "task", after: "" } };
    }
  }
  // Histories task by task: those of the tasks asked for whose project is in the scope.
  const histories = partial?.tasks ? await heldHistories(tx, shared, partial, previous) : null;
  if (partial) partial.histories = histories;
  const historiesBefore = new Set(previous?.partial?.histories ?? []);
  const dels = new Set<string>();
  const puts = new Map<string, ReadonlyJSONValue>();

  const small = diffCvr(previous?.entries ?? {}, access.versions);
  for (const key of small.dels) dels.add(key);
  for (const key of small.puts) {
    const value = access.values.get(key);
    if (value) puts.set(key, value);
  }

  // Every read below is sent at once (pipelined on the transaction's connection) and applied
  // in this order: the person's notifications (all of them on a first pull, else those the
  // record's snapshot did not see; a removed member's were deleted with the membership:
  // tombstones), then the workspaces' deletions and changed rows kind by kind.
  // The same for the person's every client whose record is of the same moment (a crowd's).
  const recorded = previous?.snapshot;
  const deletedNotifications = recorded
    ? shared(key("deleted notifications", userId, recorded), () =>
        notificationRows.deletedNotificationKeys(tx, userId, recorded),
      )
    : Promise.resolve([]);
  const notifications = shared(key("notifications", userId, recorded), () =>
    notificationRows.visibleNotifications(tx, userId, recorded),
  );
  const deletions: Promise<string[]>[] = [];
  const changes: Promise<data.Row[]>[] = [];
  // The whole history of a task new to the list; the changes of those already sent, read for
  // the wave (the workspaces' changed rows of each kind) and kept to those tasks.
  const newHistories = histories
    ? data.taskHistory(
        tx,
        histories.filter((id) => !historiesBefore.has(id)),
      )
    : Promise.resolve([]);
  const historyChanges: { kind: cvrRows.TaskChildKind; rows: Promise<data.Row[]> }[] = [];
  const keptHistories = new Set(histories?.filter((id) => historiesBefore.has(id)));
  if (previous) {
    const known = Object.keys(before);
    const left = known.filter((id) => !Object.hasOwn(workspaces, id));
    const kept = known.filter((id) => Object.hasOwn(workspaces, id));
    // Projects kept, and those let go whose workspace stays (a workspace that left goes whole).
    const keptProjects = partial
      ? Object.keys(projectsBefore).filter((id) => Object.hasOwn(partial.projects, id))
      : undefined;
    const letGo = Object.entries(projectsBefore)
      .filter(([id, p]) => !partial?.projects[id] && Object.hasOwn(workspaces, p.workspaceId))
      .map(([id]) => id);
    const since = previous.snapshot;
    deletions.push(
      shared(key("deleted", known, since, keptProjects), () =>
        data.deletedKeys(tx, known, since, keptProjects),
      ),
    );
    deletions.push(shared(key("workspace", left), () => data.workspaceKeys(tx, left)));
    deletions.push(shared(key("project", letGo), () => data.projectKeys(tx, letGo)));

    for (const [index, kind] of kinds.entries()) {
      // Workspaces whose rows of this kind were all sent, and those part-way through them.
      const whole: string[] = [];
      const partly: [string, string][] = [];
      for (const id of kept) {
        const cursor = before[id];
        if (!cursor || kindIndex(cursor.kind) > index) whole.push(id);
        else if (kindIndex(cursor.kind) === index && cursor.after) partly.push([id, cursor.after]);
      }
      if (whole.length > 0) changes.push(changedRows(tx, shared, kind, whole, since));
      for (const [id, after] of partly) {
        changes.push(changedRows(tx, shared, kind, [id], since, after));
      }
    }
    if (partial && keptProjects) {
      changes.push(
        ...projectChanges(tx, shared, keptProjects, projectsBefore, since, !partial.tasks),
      );
    }
    if (partial && histories) {
      const letGoHistories = [...historiesBefore].filter((id) => !histories.includes(id));
      deletions.push(data.taskHistoryKeys(tx, letGoHistories));
      if (keptHistories.size > 0) {
        const workspaceIds = [
          ...new Set(Object.values(partial.projects).map((p) => p.workspaceId)),
        ].sort();
        for (const kind of cvrRows.TASK_CHILD_KINDS) {
          historyChanges.push({ kind, rows: changedRows(tx, shared, kind, workspaceIds, since) });
        }
      }
    }
  }
  // One Promise.all, so that a read that fails is handled however soon it fails.
  const [notificationDels, notificationPuts, deletedLists, changedLists, historyRows, history] =
    await Promise.all([
      deletedNotifications,
      notifications,
      Promise.all(deletions),
      Promise.all(changes),
      Promise.all(historyChanges.map((read) => read.rows)),
      newHistories,
    ]);
  // What follows is this pull's own work on the wave's shared answers.
  await shared.turn();
  for (const key of notificationDels) dels.add(key);
  for (const { key, value } of notificationPuts) puts.set(key, value);
  for (const keys of deletedLists) for (const key of keys) dels.add(key);
  for (const [index, rows] of historyRows.entries()) {
    const kind = historyChanges[index]!.kind;
    for (const row of rows) {
      if (keptHistories.has(data.historyTaskId(kind, row))) puts.set(row.key, row.value);
    }
  }
  for (const row of history) puts.set(row.key, row.value);
  // Lists of rows read for the wave go whole into the patch, after what is this pull's own: the
  // same operations in every answer of the wave, written and compressed once (pull-body.ts).
  const runs: data.Row[][] = changedLists.filter((rows) => rows.length > 0);

  const room = await continueFirstPulls(tx, shared, kinds, workspaces, runs, pageBytes);
  if (partial) {
    await continueProjectPulls(tx, shared, partial, runs, room);
    const scope = syncScope(partial, histories);
    const scopeBefore = previous?.partial
      ? syncScope(previous.partial, previous.partial.histories)
      : null;
    if (!scopeBefore || JSON.stringify(scopeBefore) !== JSON.stringify(scope)) {
      puts.set(syncScopeKey, scope);
    }
  }
  const patch: PatchOperation[] = [];
  for (const key of dels) patch.push({ op: "del", key });
  // A key both in a run and among the pull's own puts is the run's: the same snapshot's row.
  const inRuns = new Set(runs.flatMap((rows) => rows.map((row) => row.key)));
  for (const [key, value] of puts) if (!inRuns.has(key)) patch.push({ op: "put", key, value });
  for (const rows of runs) patch.push(...sharedPuts(rows));
  return { patch, workspaces, partial };
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
        const rows = await shared(key("after", kind, id, after, batch), () =>
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
        key("project after", id, cursor.phase, cursor.after, batch),
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

/** The key of a read shared by the pulls of a wave: what it reads and with what. */
function key(...parts: unknown[]): string {
  return JSON.stringify(parts);
}

type ChangedRowsArgs =
  Parameters<typeof data.changedRows> extends [unknown, ...infer Rest] ? Rest : never;

/** `data.changedRows`, read once for the pulls of a wave that ask it with the same arguments. */
function changedRows(tx: Tx, shared: Shared, ...args: ChangedRowsArgs): Promise<data.Row[]> {
  return shared(key("changed", ...args), () => data.changedRows(tx, ...args));
}
