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
 * 5. Otherwise build the page (pull-page.ts: what it holds, and how a first pull is paged).
 * 6. Store a new record under a fresh id (or, when the page changes nothing, move the record
 *    on to this snapshot) and answer with cookie `{order, cvrId}` (plus `more: true` while a
 *    first pull is under way), where order = max(cookie order, group's last order) + 1, so a
 *    cookie never goes backwards.
 *
 * What a record holds: the snapshot of the pull that made it (`pg_current_snapshot()`, taken
 * when the transaction's first statement ran), the versions of the small better-auth-derived
 * rows (workspaces, members) and of the notices, and per workspace in scope either "all sent"
 * or a cursor into its first pull. Every product row carries `tx`, the transaction that last
 * wrote it, and deletes leave tombstones carrying theirs (migration 0005). A page holds the
 * rows and tombstones whose transaction the record's snapshot did not see.
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
 * While a first pull is under way lastMutationIDChanges are held back (the record keeps what
 * was last reported): a pending mutation whose row has not been sent yet stays pending on the
 * client, rather than being acknowledged while its effect is missing from the store.
 *
 * Partial sync (server/sync/README.md, "Partial sync"): a request may name `projects`, and
 * `tasks` whose history it wants; a record of the other mode (a client that starts or stops
 * naming them) is no base for a diff, and the client starts again from a reset.
 */
import { randomUUID } from "node:crypto";
import type { PatchOperation, PullResponseV1 } from "replicache";
import { z } from "zod";
import { opaqueIdSchema } from "../../shared/opaque-id.ts";
import { idSchema } from "../../shared/entities.ts";
import { SCHEMA_VERSION } from "../../shared/schema-version.ts";
import { ApiError, invalidBody } from "../http/api-error.ts";
import { changedMutationIds } from "./cvr.ts";
import * as notificationRows from "../notifications/notification-rows.ts";
import * as clientRows from "./rows/client-rows.ts";
import * as cvrRows from "./rows/cvr-rows.ts";
import * as data from "./rows/scope-rows.ts";
import { buildPage, sameList, type Workspaces } from "./pull-page.ts";
import { sharedKey, solo, type PullWaves, type Shared } from "./pull-waves.ts";
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
const MAX_SYNCED_PROJECTS = 50;
/** The most tasks whose history a client may name (it keeps the ones opened last). */
const MAX_SYNCED_TASKS = 50;

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

type VersionNotSupported = { error: "VersionNotSupported"; versionType: "pull" | "schema" };

type PullResult = PullResponseV1 | VersionNotSupported;

/**
 * `pageBytes` replaces the page's size (pull-page.ts), so tests can page a small scope.
 * `waves`: the pull joins the next wave (pull-waves.ts) instead of running in a transaction of
 * its own.
 */
type PullOptions = { pageBytes?: number; waves?: PullWaves };

export async function pull(
  sql: postgres.Sql,
  userId: string,
  body: unknown,
  options: PullOptions = {},
): Promise<PullResult> {
  const request = readRequest(body);
  if ("error" in request) return request;

  const run = async (tx: Tx, commit: Commit, shared: Shared): Promise<PullResult> => {
    const reads = await readGroup(tx, shared, userId, request);
    const previous = loadRecord(reads, request);
    const changedIds = changedMutationIds(previous?.clientMutationIds ?? {}, reads.mutationIds);
    const unchanged = { cookie: request.cookie, lastMutationIDChanges: {}, patch: [] };
    if (previous && nothingChanged(previous, reads, request, changedIds)) return unchanged;

    const { want, wantTasks } = request;
    const page = await buildPage(tx, shared, {
      userId,
      previous,
      access: reads.access,
      wanted: want && reads.visible ? { want, visible: reads.visible, tasks: wantTasks } : null,
      pageBytes: options.pageBytes,
    });
    const done = !firstPullUnderWay(page);
    const lastMutationIDChanges = done ? changedIds : {};
    if (
      previous &&
      page.patch.length === 0 &&
      Object.keys(lastMutationIDChanges).length === 0 &&
      samePlaces(previous, page)
    ) {
      // Counters moved without a visible change: the record now stands for this snapshot, so
      // the next pull is fast again and looks at fewer transactions.
      await commit(cvrRows.advanceCvr(tx, previous.id, reads.snapshot, reads.fingerprint));
      return unchanged;
    }

    const cookie = await storeRecord(tx, commit, shared, {
      userId,
      request,
      reads,
      previous,
      page,
    });
    const patch: PatchOperation[] = previous ? page.patch : [{ op: "clear" }, ...page.patch];
    return { cookie, lastMutationIDChanges, patch };
  };
  if (options.waves) return options.waves.run(request.groupId, run);
  return withRetry(sql, "repeatable read", (tx, commit) => run(tx, commit, solo));
}

/** A pull request as this server reads it. */
type Request = {
  groupId: string;
  /** As sent: answered back when nothing changed. */
  cookie: z.infer<typeof cookieSchema>;
  /** The floor of the next cookie's order. */
  cookieOrder: number;
  cvrId: string | undefined;
  /** Partial sync: the projects asked for (null: every project), the tasks whose history. */
  want: string[] | null;
  wantTasks: string[] | null;
};

/** Step 1: the request, or the version this server does not speak. */
function readRequest(body: unknown): Request | VersionNotSupported {
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
  const want = request.projects ? [...new Set(request.projects)] : null;
  return {
    groupId: request.clientGroupID,
    cookie: request.cookie,
    ...readCookie(request.cookie),
    want,
    wantTasks: want && request.tasks ? [...new Set(request.tasks)] : null,
  };
}

/**
 * The cookie's order (the floor of the next) and the record it names. A cookie this server
 * cannot have issued, an order that is not a whole number from 0 to MAX_COOKIE_ORDER or a
 * record id that is no id, is read as no cookie: the pull resets, as for an unknown record.
 */
function readCookie(cookie: z.infer<typeof cookieSchema>): {
  cookieOrder: number;
  cvrId: string | undefined;
} {
  const none = { cookieOrder: 0, cvrId: undefined };
  if (cookie === null) return none;
  const order = typeof cookie === "object" ? cookie.order : cookie;
  const value = typeof order === "number" ? order : /^\d{1,10}$/.test(order) ? Number(order) : NaN;
  if (!Number.isInteger(value) || value < 0 || value > MAX_COOKIE_ORDER) return none;
  if (typeof cookie !== "object" || cookie.cvrId === undefined) {
    return { cookieOrder: value, cvrId: undefined };
  }
  const cvrId = opaqueIdSchema.safeParse(cookie.cvrId);
  return cvrId.success ? { cookieOrder: value, cvrId: cvrId.data } : none;
}

type Reads = Awaited<ReturnType<typeof readGroup>>;

/**
 * Step 2: the client group (403 if another user's), with everything else the pull reads first.
 * Read, not locked: a no-op pull writes nothing. Two concurrent pulls of one group both write
 * its cookie order (storeRecord), and repeatable read makes the second one retry.
 * Sent together with the BEGIN: postgres.js pipelines them on the transaction's connection, so
 * they cost one round trip rather than seven (the transaction's snapshot is the same for all).
 * What only a pull that changes something needs (the snapshot, the person's workspaces and
 * members) is read here too: a crowd's pulls nearly all do.
 */
async function readGroup(tx: Tx, shared: Shared, userId: string, request: Request) {
  const { groupId, cvrId, want } = request;
  const [
    stored,
    record,
    fingerprint,
    mutationIds,
    notificationsChanged,
    snapshot,
    access,
    visible,
  ] = await Promise.all([
    shared.one(clientRows.clientGroups, tx, groupId),
    cvrId ? shared.one(cvrs, tx, cvrId).then((cvr) => (cvr?.userId === userId ? cvr : null)) : null,
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
      ? shared(sharedKey("visible", userId, want), () => data.visibleProjects(tx, userId, want))
      : null,
  ]);
  const group = stored ?? { userId, cvrVersion: 0 };
  if (group.userId !== userId) {
    throw new ApiError(403, "FORBIDDEN", "This client group belongs to another user");
  }
  return {
    cvrVersion: group.cvrVersion,
    isNew: stored === undefined,
    record,
    fingerprint,
    mutationIds,
    notificationsChanged,
    snapshot,
    access,
    visible,
  };
}

/**
 * Step 3: the record the diff starts from. A record of the other mode (a client that starts or
 * stops naming projects, or tasks) is no base for a diff: the client starts again from a reset.
 */
function loadRecord({ record }: Reads, { want, wantTasks }: Request): cvrRows.Cvr | null {
  return record &&
    (record.partial === null) === (want === null) &&
    (record.partial?.tasks == null) === (wantTasks === null)
    ? record
    : null;
}

/** Step 4, the fast path: nothing the record was built from has moved. */
function nothingChanged(
  previous: cvrRows.Cvr,
  reads: Reads,
  request: Request,
  changedIds: Record<string, number>,
): boolean {
  return (
    !firstPullUnderWay(previous) &&
    sameList(previous.partial?.want, request.want ?? undefined) &&
    sameList(previous.partial?.tasks ?? undefined, request.wantTasks ?? undefined) &&
    previous.fingerprint === reads.fingerprint &&
    Object.keys(changedIds).length === 0 &&
    !reads.notificationsChanged
  );
}

/**
 * Step 6: the group's new cookie order and the new record, the last statements with the COMMIT
 * right behind them (a wave's pulls write together). Returns the cookie naming the record.
 */
async function storeRecord(
  tx: Tx,
  commit: Commit,
  shared: Shared,
  { userId, request, reads, previous, page }: NewRecord,
): Promise<PullCookie> {
  const done = !firstPullUnderWay(page);
  const next: PullCookie = {
    order: Math.max(request.cookieOrder, reads.cvrVersion) + 1,
    cvrId: randomUUID(),
    ...(done ? {} : { more: true as const }),
  };
  await commit(
    shared.write(clientRows.cookieOrders, tx, {
      groupId: request.groupId,
      userId,
      isNew: reads.isNew,
      order: next.order,
    }),
    shared.write(cvrRows.newCvrs, tx, {
      id: next.cvrId,
      clientGroupId: request.groupId,
      userId,
      order: next.order,
      snapshot: reads.snapshot,
      workspaces: page.workspaces,
      entries: reads.access.versions,
      clientMutationIds: done ? reads.mutationIds : (previous?.clientMutationIds ?? {}),
      fingerprint: reads.fingerprint,
      partial: page.partial,
    }),
    shared.write(prunedCvrs, tx, { clientGroupId: request.groupId, userId }),
    // Old tombstones go a bounded batch at a time, in one pull of PRUNE_EVERY on average:
    // they are only for records past their age, and every pull deleting costs the crowd.
    Math.random() < 1 / PRUNE_EVERY
      ? cvrRows.pruneTombstones(tx, TOMBSTONE_DAYS)
      : Promise.resolve(),
    Math.random() < 1 / PRUNE_EVERY
      ? notificationRows.pruneNotificationTombstones(tx, TOMBSTONE_DAYS)
      : Promise.resolve(),
  );
  return next;
}

type NewRecord = {
  userId: string;
  request: Request;
  reads: Reads;
  previous: cvrRows.Cvr | null;
  page: Places;
};

/** Where each workspace and project of the scope stands: a record's, or a page's. */
type Places = { workspaces: Workspaces; partial: cvrRows.PartialScope | null };

function firstPullUnderWay({ workspaces, partial }: Places): boolean {
  return (
    Object.values(workspaces).some((c) => c !== null) ||
    (partial !== null && Object.values(partial.projects).some((p) => p.cursor !== null))
  );
}

/** Whether the page leaves every workspace and project where the record had it. */
function samePlaces(a: Places, b: Places): boolean {
  return sameWorkspaces(a.workspaces, b.workspaces) && samePartial(a.partial, b.partial);
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
