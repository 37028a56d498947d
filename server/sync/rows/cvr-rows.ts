/**
 * Client view records: what each client group was last sent, as of which snapshot, within which
 * partial-sync scope (server/sync/README.md "Partial sync"); how they are kept, advanced and
 * pruned, and the tombstones of deleted rows that a pull compares them with. Split from data.ts
 * (now scope-rows.ts) by entity.
 */
import type postgres from "postgres";
import { z } from "zod";

type Db = postgres.Sql | postgres.TransactionSql;

/** The kinds of product rows, in the order a first pull sends them (the board's first). */
export const ROW_KINDS = [
  "project",
  "status",
  "label",
  "task",
  "relation",
  "comment",
  "reaction",
  "attachment",
  "activity",
  "subscriber",
  "description",
] as const;

export type RowKind = (typeof ROW_KINDS)[number];

/**
 * Where a first pull of a workspace stands: the rows of `kind` with an id above `after` (and
 * every later kind) are still to be sent. `after` is "" at the start of a kind.
 */
export type FillCursor = { kind: RowKind; after: string };

/**
 * Partial sync (pull.ts): a client that names the projects it wants gets these kinds for every
 * workspace, and the rest (tasks and what hangs off a task) for those projects only.
 */
export const WORKSPACE_ROW_KINDS = ["project", "status", "label", "relation"] as const;

/** The kinds that belong to a task, sent for a loaded project after its tasks. */
export const TASK_CHILD_KINDS = [
  "comment",
  "reaction",
  "attachment",
  "activity",
  "subscriber",
  "description",
] as const;

export type TaskChildKind = (typeof TASK_CHILD_KINDS)[number];

/**
 * Where a project's first pull stands: its tasks with an id above `after` still to send
 * (phase "task"), or the comments, activity and the rest of its tasks with an id above `after`
 * (phase "children"). `after` is "" at the start of a phase.
 */
export type ProjectCursor = { phase: "task" | "children"; after: string };

type SyncedProject = { workspaceId: string; cursor: ProjectCursor | null };

/**
 * What a partial record holds besides its workspaces: the list of projects the client asked
 * for, in its order, and where each stands; and the tasks whose history it asked for (null: the
 * history of every task of its projects, as clients did before they named tasks).
 */
export type PartialScope = {
  want: string[];
  projects: Record<string, SyncedProject>;
  tasks: string[] | null;
  /** Of `tasks`, those whose history was sent: the ones whose project is in `projects`. */
  histories: string[] | null;
};

const partialSchema = z.object({
  want: z.array(z.string()),
  projects: z.record(
    z.string(),
    z.object({
      workspaceId: z.string(),
      cursor: z.object({ phase: z.enum(["task", "children"]), after: z.string() }).nullable(),
    }),
  ),
  // Records written before clients named tasks have neither.
  tasks: z.array(z.string()).nullable().default(null),
  histories: z.array(z.string()).nullable().default(null),
});

const cvrSchema = z.object({
  id: z.string(),
  order: z.number().int(),
  snapshot: z.string(),
  // Workspace id → null once all its rows were sent, else where its first pull stands.
  workspaces: z.record(
    z.string(),
    z.object({ kind: z.enum(ROW_KINDS), after: z.string() }).nullable(),
  ),
  entries: z.record(z.string(), z.string()),
  clientMutationIds: z.record(z.string(), z.number().int()),
  fingerprint: z.string(),
  // Null: every project of the workspaces (a client that names none).
  partial: partialSchema.nullable(),
});

export type Cvr = z.infer<typeof cvrSchema>;

/** The snapshot of this (repeatable-read) transaction, as pg_snapshot text `xmin:xmax:xip,…`. */
export async function currentSnapshot(tx: Db): Promise<string> {
  const [row] = await tx<{ snapshot: string }[]>`select pg_current_snapshot()::text as snapshot`;
  if (!row) throw new Error("no snapshot");
  return row.snapshot;
}

/**
 * Client view records by id, with their user: the caller treats one of another user as
 * missing. One older than `maxAgeDays` (its pull's tombstones may be pruned) is missing: the
 * client gets a reset.
 */
export function cvrsById(maxAgeDays: number) {
  return {
    async read(tx: Db, ids: string[]): Promise<Map<string, Cvr & { userId: string }>> {
      const rows = await tx<{ id: string; userId: string }[]>`
        select id, user_id as "userId", cookie_order as "order", snapshot::text as snapshot,
          workspaces, entries, client_mutation_ids as "clientMutationIds", fingerprint, partial
        from replicache_cvr
        where id = any(${ids}) and created_at > now() - make_interval(days => ${maxAgeDays})`;
      return new Map(rows.map((row) => [row.id, { ...cvrSchema.parse(row), userId: row.userId }]));
    },
  };
}

type NewCvr = Cvr & { clientGroupId: string; userId: string };

/** Stores the records of a wave's pulls, in one statement. */
export const newCvrs = {
  async write(tx: Db, cvrs: NewCvr[]) {
    const column = <T>(value: (cvr: NewCvr) => T) => cvrs.map(value);
    const json = (value: (cvr: NewCvr) => unknown) => column((cvr) => JSON.stringify(value(cvr)));
    await tx`
      insert into replicache_cvr (id, client_group_id, user_id, cookie_order, snapshot, workspaces,
        entries, client_mutation_ids, fingerprint, partial)
      select id, client_group_id, user_id, cookie_order, snapshot::pg_snapshot, workspaces::jsonb,
        entries::jsonb, client_mutation_ids::jsonb, fingerprint, partial::jsonb
      from unnest(${column((c) => c.id)}::text[], ${column((c) => c.clientGroupId)}::text[],
        ${column((c) => c.userId)}::text[], ${column((c) => c.order)}::int[],
        ${column((c) => c.snapshot)}::text[], ${json((c) => c.workspaces)}::text[],
        ${json((c) => c.entries)}::text[], ${json((c) => c.clientMutationIds)}::text[],
        ${column((c) => c.fingerprint)}::text[],
        ${column((c) => (c.partial ? JSON.stringify(c.partial) : null))}::text[])
        as r(id, client_group_id, user_id, cookie_order, snapshot, workspaces, entries,
          client_mutation_ids, fingerprint, partial)`;
  },
};

/**
 * Nothing changed for the client between the record's snapshot and this one: the record now
 * stands for the newer snapshot, so later pulls look at fewer transactions (see pull.ts).
 */
export async function advanceCvr(tx: Db, id: string, snapshot: string, fingerprint: string) {
  await tx`
    update replicache_cvr
    set snapshot = ${snapshot}::pg_snapshot, fingerprint = ${fingerprint}, created_at = now()
    where id = ${id}`;
}

/**
 * Keeps the newest `keep` records of each group, and drops the users' records older than
 * `maxAgeDays` (groups of closed browsers): a cookie naming a dropped record gets a reset.
 */
export function prunedCvrs({ keep, maxAgeDays }: { keep: number; maxAgeDays: number }) {
  return {
    async write(tx: Db, groups: { clientGroupId: string; userId: string }[]) {
      const groupIds = groups.map((group) => group.clientGroupId);
      const userIds = [...new Set(groups.map((group) => group.userId))];
      await Promise.all([
        tx`
          delete from replicache_cvr r
          using (
            select id, row_number() over (
              partition by client_group_id order by cookie_order desc) as newest
            from replicache_cvr where client_group_id = any(${groupIds})) ranked
          where r.id = ranked.id and ranked.newest > ${keep}`,
        tx`
          delete from replicache_cvr
          where user_id = any(${userIds}) and created_at < now() - make_interval(days => ${maxAgeDays})`,
      ]);
    },
  };
}

/**
 * Drops tombstones older than `days`, a bounded batch at a time so that the pull that finds a
 * large old cascade does not pay for all of it.
 */
export async function pruneTombstones(tx: Db, days: number, batch = 1000) {
  await tx`
    delete from sync_tombstone where ctid = any(array(
      select ctid from sync_tombstone
      where created_at < now() - make_interval(days => ${days})
      limit ${batch}))`;
}
