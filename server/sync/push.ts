/**
 * `POST /api/replicache/push` (PushRequest v1), read top to bottom:
 *
 * 1. Wrong pushVersion or schemaVersion → `VersionNotSupported` (HTTP 200). A client group of
 *    another user → 403 before anything is written.
 * 2. Each mutation in its own transaction (retried on deadlock): lock the client group row,
 *    read the client's lastMutationID, skip ids already applied (rolling back), apply
 *    (mutations/apply-mutation.ts), bump lastMutationID, queue the poke (`pg_notify` commits
 *    with it).
 *    The statements go out in as few round trips as the handler's reads allow (two for an
 *    edit, a move or a new task; ../db/transaction.ts): BEGIN, the group's lock, the client's id
 *    and the handler's first reads and locks; any reads that depend on those; its writes, the
 *    new lastMutationID, the poke and COMMIT. A push of several
 *    mutations first tries them all in one transaction (processBatch); any refusal rolls that
 *    back and the mutations go one by one as described here.
 * 3. A permanent failure (invalid arguments, refused by the role rules, missing row, a
 *    constraint such as a duplicate project key) rolls that transaction back, and a second one
 *    only advances lastMutationID and records a notice for the author: the client's optimistic
 *    change disappears on the next pull and the notice says why. Anything else (the database
 *    unreachable, deadlocks that outlast the retries) is transient: the request fails with a
 *    5xx, lastMutationID stays, and Replicache pushes the mutation again later.
 * 4. A client ahead of the server (a mutation id above its lastMutationID + 1: unknown with a
 *    first id above 1, or known and "from the future") means the server lost its state, say
 *    restored from an older backup: `ClientStateNotFound` (HTTP 200), and the client starts a
 *    new group.
 * 5. A push of more than MAX_MUTATIONS_PER_PUSH mutations not yet applied has only the first
 *    of them applied and is answered HTTP 202 `{ unapplied }`: Replicache counts anything but
 *    200 as a failure and pushes again (what is still pending) after its backoff. Our own
 *    client never sends that many at once (shared/push-limits.ts).
 *
 * The transactions run at READ COMMITTED with explicit row locks. SERIALIZABLE made concurrent
 * pushes into one workspace fail each other through predicate locks on small shared tables
 * (about one commit in two with 8 browsers, some past every retry), and these locks give the
 * same outcomes:
 * - The client group row is locked first, so two requests of one group take turns, and the
 *   clients' lastMutationIDs are read after it in their own statement (which sees everything
 *   committed before it): each mutation is applied once, in order.
 * - The row a mutation changes is read `for update` (a project `for no key update`, which lets
 *   foreign-key checks through: ../db/row-locks.ts `lockRows`), with the caller's role (the `lock*`
 *   of each entity's `*-rows.ts`): what the handler decides from it (an activity's "from", a
 *   change of sharing) still holds when it writes. createTask locks the project, which also
 *   makes task numbers unique and gap-free and lets the position of a new task see the task
 *   created before it.
 * - Unlocked reads decide nothing a concurrent commit could make wrong: a role changed or a
 *   member removed meanwhile gives the outcome of this push committing just before that
 *   change; a label, task or user deleted meanwhile fails a foreign key, a permanent refusal.
 */
import type postgres from "postgres";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../metrics/metrics.ts";
import { z } from "zod";
import type { NoticeCode } from "../../shared/entities.ts";
import { hasControlCharacters, opaqueIdSchema } from "../../shared/opaque-id.ts";
import { MAX_MUTATIONS_PER_PUSH } from "../../shared/push-limits.ts";
import { SCHEMA_VERSION } from "../../shared/schema-version.ts";
import { ApiError, invalidBody } from "../http/api-error.ts";
import { applyMutation, rowsToLock } from "./mutations/apply-mutation.ts";
import * as clientRows from "./rows/client-rows.ts";
import * as noticeRows from "./rows/notice-rows.ts";
import * as rowLocks from "../db/row-locks.ts";
import { MutationRefused } from "./mutations/permissions-check.ts";
import type { PokeAnnouncer, SyncChange } from "../db/notify.ts";
import { postgresErrorCode, readCommitted, type Commit, type Tx } from "../db/transaction.ts";
import { isMutatorName } from "../../shared/mutators/mutators.ts";

/** `replicache_client.last_mutation_id` is an integer column. */
const MAX_MUTATION_ID = 2 ** 31 - 1;

const mutationSchema = z.object({
  clientID: opaqueIdSchema,
  id: z.number().int().positive().max(MAX_MUTATION_ID),
  // Stored with a refusal's notice: no control characters (a NUL cannot be stored).
  name: z
    .string()
    .max(200)
    .refine((name) => !hasControlCharacters(name)),
  args: z.unknown(),
  timestamp: z.number(),
});

/** Read first, so that another version is answered as such (built once: zod compiles it). */
const pushVersionSchema = z.looseObject({ pushVersion: z.number() });

const pushRequestSchema = z.object({
  pushVersion: z.literal(1),
  clientGroupID: opaqueIdSchema,
  mutations: z.array(mutationSchema),
  profileID: opaqueIdSchema,
  schemaVersion: z.string().max(200),
});

type Mutation = z.infer<typeof mutationSchema>;

type PushResult =
  | Record<string, never>
  | { error: "ClientStateNotFound" }
  | { error: "VersionNotSupported"; versionType: "push" | "schema" }
  /** Only the first MAX_MUTATIONS_PER_PUSH pending mutations were applied (HTTP 202). */
  | { unapplied: number };

type PushDeps = {
  sql: postgres.Sql;
  logger: Logger;
  announcer: PokeAnnouncer;
  /** MAX_UPLOAD_MB in bytes, for addAttachment (shared/attachments.ts's default without it). */
  maxUploadBytes?: number;
  /** Counts mutations applied, and refused by reason. */
  metrics?: Metrics;
};

const forbiddenGroup = () =>
  new ApiError(403, "FORBIDDEN", "This client group belongs to another user");

export async function push(deps: PushDeps, userId: string, body: unknown): Promise<PushResult> {
  const version = pushVersionSchema.safeParse(body);
  if (!version.success) throw invalidBody();
  if (version.data.pushVersion !== 1) {
    return { error: "VersionNotSupported", versionType: "push" };
  }
  const parsed = pushRequestSchema.safeParse(body);
  if (!parsed.success) throw invalidBody();
  const request = parsed.data;
  if (request.schemaVersion !== SCHEMA_VERSION) {
    return { error: "VersionNotSupported", versionType: "schema" };
  }
  const { mutations, unapplied } = await capped(deps.sql, request.clientGroupID, request.mutations);
  const done: PushResult = unapplied > 0 ? { unapplied } : {};
  if (mutations.length === 0) {
    const owner = await clientRows.clientGroupOwner(deps.sql, request.clientGroupID);
    if (owner !== null && owner !== userId) throw forbiddenGroup();
    return done;
  }
  if (mutations.length > 1) {
    const batch = await processBatch(deps, userId, request.clientGroupID, mutations);
    if (batch === "applied") return done;
  }
  for (const mutation of mutations) {
    const outcome = await processMutation(deps, userId, request.clientGroupID, mutation);
    if (outcome === "client-state-not-found") return { error: "ClientStateNotFound" };
  }
  return done;
}

/**
 * At most MAX_MUTATIONS_PER_PUSH of the request's mutations, the first not yet applied: a
 * client that pushes everything pending again and again then gets further each time. Read
 * without a lock: a lastMutationID only grows, and the transactions check again under it.
 */
async function capped(
  sql: postgres.Sql,
  clientGroupId: string,
  mutations: Mutation[],
): Promise<{ mutations: Mutation[]; unapplied: number }> {
  if (mutations.length <= MAX_MUTATIONS_PER_PUSH) return { mutations, unapplied: 0 };
  const stored = await clientRows.getClients(sql, [...new Set(mutations.map((m) => m.clientID))]);
  const pending = mutations.filter((mutation) => {
    const client = stored.get(mutation.clientID);
    // Another group's client is left in, for the transaction to refuse.
    return client?.clientGroupId !== clientGroupId || mutation.id > client.lastMutationId;
  });
  return {
    mutations: pending.slice(0, MAX_MUTATIONS_PER_PUSH),
    unapplied: Math.max(0, pending.length - MAX_MUTATIONS_PER_PUSH),
  };
}

/** Thrown inside a batch to roll it back and take the one-by-one path instead. */
class LeaveBatch extends Error {}

/**
 * The usual push of several mutations (a browser sends everything pending at once): all in one
 * transaction, one commit and one notification instead of one per mutation. Any mutation that
 * would be refused, or a client the server does not know, rolls the whole batch back and the
 * request is replayed one transaction per mutation (processMutation), which records each
 * refusal on its own. Transient errors are retried for the whole batch.
 */
async function processBatch(
  deps: PushDeps,
  userId: string,
  clientGroupId: string,
  mutations: Mutation[],
): Promise<"applied" | "one-by-one"> {
  try {
    const { change, count } = await readCommitted(deps.sql, async (tx, commit) => {
      const clients = await lockClients(tx, { userId, clientGroupId, mutations });
      await rowLocks.lockRows(tx, batchRows(mutations));
      const touched = new Set<string>();
      const people = new Set<string>();
      let count = 0;
      for (const mutation of mutations) {
        const next = nextMutation(clients, mutation);
        if (next === "skipped") continue;
        if (next === "client-state-not-found" || !isMutatorName(mutation.name)) {
          throw new LeaveBatch();
        }
        const applied = await applyMutation(
          { tx, userId, maxUploadBytes: deps.maxUploadBytes },
          mutation.name,
          mutation.args,
        );
        await applied.writes;
        if (applied.workspaceId) touched.add(applied.workspaceId);
        for (const id of applied.userIds ?? []) people.add(id);
        advance(clients, mutation);
        count++;
      }
      const change = { workspaceIds: [...touched], userIds: [...people] };
      await finish(tx, commit, deps, { clientGroupId, clients, change });
      return { change, count };
    });
    if (change.workspaceIds.length > 0 || change.userIds.length > 0) {
      deps.announcer.afterCommit(change);
    }
    if (count > 0) deps.metrics?.mutations.inc({ outcome: "applied", reason: "" }, count);
    return "applied";
  } catch (error) {
    if (error instanceof LeaveBatch || asRefusal(error)) return "one-by-one";
    throw error;
  }
}

/** Every project and task row the batch's handlers will lock. */
function batchRows(mutations: Mutation[]) {
  const projectIds = new Set<string>();
  const taskIds = new Set<string>();
  for (const mutation of mutations) {
    if (!isMutatorName(mutation.name)) continue;
    const rows = rowsToLock(mutation.name, mutation.args);
    for (const id of rows.projectIds) projectIds.add(id);
    for (const id of rows.taskIds) taskIds.add(id);
  }
  return { projectIds: [...projectIds], taskIds: [...taskIds] };
}

type Outcome = "applied" | "skipped" | "refused" | "client-state-not-found";

/** Thrown to roll back a mutation applied ahead of its client's check, which then said no. */
class NotApplied extends Error {
  constructor(readonly outcome: "skipped" | "client-state-not-found") {
    super(outcome);
  }
}

async function processMutation(
  deps: PushDeps,
  userId: string,
  clientGroupId: string,
  mutation: Mutation,
): Promise<Outcome> {
  const context = { userId, clientGroupId, mutations: [mutation] };
  try {
    const result = await readCommitted(deps.sql, async (tx, commit) => {
      // The mutation is applied without waiting for the client's lastMutationID: its first
      // statements go out right behind the group's lock, in the same round trip. Should the
      // id turn out applied already (or out of order), the transaction rolls back, whatever
      // the handler did or refused.
      const [locked, attempt] = await Promise.allSettled([
        lockClients(tx, context),
        isMutatorName(mutation.name)
          ? applyMutation(
              { tx, userId, maxUploadBytes: deps.maxUploadBytes },
              mutation.name,
              mutation.args,
            )
          : Promise.reject(new MutationRefused("INVALID", `Unknown mutation ${mutation.name}`)),
      ]);
      // Heard here as well as by the COMMIT below: when the mutation is not applied after
      // all, its writes fail or are rolled back with nobody else listening.
      if (attempt.status === "fulfilled") attempt.value.writes.catch(() => {});
      if (locked.status === "rejected") throw locked.reason;
      const clients = locked.value;
      const next = nextMutation(clients, mutation);
      if (next !== "apply") throw new NotApplied(next);
      if (attempt.status === "rejected") throw attempt.reason;
      const { workspaceId, userIds, writes } = attempt.value;
      advance(clients, mutation);
      const change = { workspaceIds: workspaceId ? [workspaceId] : [], userIds: userIds ?? [] };
      await finish(tx, commit, deps, { clientGroupId, clients, change, writes });
      return { outcome: "applied" as const, change };
    });
    if (result.change.workspaceIds.length > 0 || result.change.userIds.length > 0) {
      deps.announcer.afterCommit(result.change);
    }
    deps.metrics?.mutations.inc({ outcome: "applied", reason: "" });
    return result.outcome;
  } catch (error) {
    if (error instanceof NotApplied) return error.outcome;
    const refusal = asRefusal(error);
    if (!refusal) throw error;
    deps.logger.info(
      {
        userId,
        clientId: mutation.clientID,
        mutationId: mutation.id,
        name: mutation.name,
        reason: refusal.message,
      },
      "mutation refused",
    );
    return recordRefusal(deps, { userId, clientGroupId, mutation }, refusal);
  }
}

type PushContext = { userId: string; clientGroupId: string; mutations: Mutation[] };

/**
 * The clients of the request as one transaction sees them (an unknown client at 0); `moved`:
 * this transaction advanced it.
 */
type Clients = Map<string, { lastMutationId: number; moved: boolean }>;

/**
 * Locks the group (two requests of one group take turns) and reads its clients. The two
 * statements go out together, and Postgres runs them in order: the read starts once the lock is
 * held, so at READ COMMITTED it sees every lastMutationID the group's previous push committed.
 */
async function lockClients(
  tx: Tx,
  { userId, clientGroupId, mutations }: PushContext,
): Promise<Clients> {
  const ids = [...new Set(mutations.map((mutation) => mutation.clientID))];
  const [group, stored] = await Promise.all([
    clientRows.lockClientGroup(tx, clientGroupId, userId),
    clientRows.getClients(tx, ids),
  ]);
  if (group.userId !== userId) throw forbiddenGroup();
  const clients: Clients = new Map();
  for (const id of ids) {
    const client = stored.get(id);
    if (client && client.clientGroupId !== clientGroupId) throw foreignClient();
    clients.set(id, { lastMutationId: client?.lastMutationId ?? 0, moved: false });
  }
  return clients;
}

const foreignClient = () =>
  new ApiError(403, "FORBIDDEN", "This client belongs to another client group");

/**
 * Checks the client's sequence: "skipped" for an id already applied, "client-state-not-found"
 * for an id beyond the next: the client has mutations the server never received, or lost.
 */
function nextMutation(
  clients: Clients,
  mutation: Mutation,
): "apply" | "skipped" | "client-state-not-found" {
  const client = clients.get(mutation.clientID);
  if (!client) throw new Error(`client ${mutation.clientID} was not read with its group`);
  const expected = client.lastMutationId + 1;
  if (mutation.id < expected) return "skipped";
  if (mutation.id > expected) return "client-state-not-found";
  return "apply";
}

function advance(clients: Clients, mutation: Mutation) {
  clients.set(mutation.clientID, { lastMutationId: mutation.id, moved: true });
}

/**
 * The last statements of a push transaction, sent together with the writes still in flight and
 * the COMMIT behind them: the clients' new lastMutationIDs and the poke.
 */
async function finish(
  tx: Tx,
  commit: Commit,
  deps: PushDeps,
  {
    clientGroupId,
    clients,
    change,
    writes,
  }: { clientGroupId: string; clients: Clients; change: SyncChange; writes?: Promise<unknown> },
) {
  const moved = [...clients]
    .filter(([, client]) => client.moved)
    .map(([id, client]) => ({ id, lastMutationId: client.lastMutationId }));
  await commit(
    writes ?? Promise.resolve(),
    clientRows.setLastMutationIds(tx, clientGroupId, moved).catch((error: unknown) => {
      // Another group took one of these client ids after we read it (only a broken client does).
      throw postgresErrorCode(error) === clientRows.FOREIGN_CLIENT_CODE ? foreignClient() : error;
    }),
    change.workspaceIds.length > 0 || change.userIds.length > 0
      ? deps.announcer.inTransaction(tx, change)
      : Promise.resolve(),
  );
}

/** The failure as a notice, when it is permanent; null when it is transient. */
function asRefusal(error: unknown): { code: NoticeCode; message: string } | null {
  if (error instanceof MutationRefused) return { code: error.code, message: error.message };
  const code = postgresErrorCode(error);
  // 23: integrity constraints (a duplicate project key, a row that vanished); 22: bad data.
  if (code === "23505") {
    return {
      code: "CONFLICT",
      message: "This conflicts with existing data (a duplicate key or id).",
    };
  }
  if (code?.startsWith("23") || code?.startsWith("22")) {
    return { code: "INVALID", message: "The change does not fit the data it refers to." };
  }
  return null;
}

async function recordRefusal(
  deps: PushDeps,
  {
    userId,
    clientGroupId,
    mutation,
  }: { userId: string; clientGroupId: string; mutation: Mutation },
  refusal: { code: NoticeCode; message: string },
): Promise<Outcome> {
  const outcome = await readCommitted(deps.sql, async (tx, commit): Promise<Outcome> => {
    const clients = await lockClients(tx, { userId, clientGroupId, mutations: [mutation] });
    const next = nextMutation(clients, mutation);
    if (next !== "apply") return next;
    advance(clients, mutation);
    const writes = noticeRows.insertNotice(tx, { userId, mutationName: mutation.name, ...refusal });
    const change = { workspaceIds: [], userIds: [userId] };
    await finish(tx, commit, deps, { clientGroupId, clients, change, writes });
    return "refused";
  });
  if (outcome === "refused") {
    deps.announcer.afterCommit({ workspaceIds: [], userIds: [userId] });
    deps.metrics?.mutations.inc({ outcome: "refused", reason: refusal.code });
  }
  return outcome;
}
