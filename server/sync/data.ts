/**
 * Every SQL statement of the sync layer, in one module: the product tables (snake_case), the
 * better-auth tables it reads (quoted camelCase: "organization", member, "user"), and the
 * Replicache bookkeeping. Rows become the store's camelCase values here (shared/entities.ts),
 * so push, pull and the tests see one shape.
 */
import type postgres from "postgres";
import { z } from "zod";
import {
  activityKinds,
  dueDateSchema,
  relationKinds,
  taskPrioritySchema,
  taskStatusSchema,
  type Activity,
  type ActivityKind,
  type Attachment,
  type Comment,
  type DescriptionDoc,
  type Label,
  type Member,
  type Notice,
  type NoticeCode,
  type NotificationSettings,
  type Project,
  type Relation,
  type Status,
  type Subscriber,
  type Task,
  type TaskPriority,
  type TaskStatus,
  type Workspace,
} from "../../shared/entities.ts";
import {
  activityKey,
  attachmentKey,
  commentKey,
  descriptionDocKey,
  labelKey,
  memberKey,
  noticeKey,
  notificationSettingsKey,
  projectKey,
  relationKey,
  subscriberKey,
  taskKey,
  workspaceKey,
} from "../../shared/keys.ts";
import { statusesWhere } from "./status-rows.ts";

/** Anything that runs a query: the pool or a transaction. */
type Db = postgres.Sql | postgres.TransactionSql;

// ---------------------------------------------------------------------------------------------
// Replicache bookkeeping

export async function clientGroupOwner(db: Db, id: string): Promise<string | null> {
  const [row] = await db<{ userId: string }[]>`
    select user_id as "userId" from replicache_client_group where id = ${id}`;
  return row?.userId ?? null;
}

/**
 * Creates the group on first sight and locks its row for the rest of the transaction, so two
 * requests of one group (two tabs pushing at once) run one after the other. `for no key
 * update`, the lock an update of the row would take: it waits for the group's other pushes but
 * not for the foreign-key checks (key share) of the records and cookie order a pull writes,
 * and pulls are served in waves that hold them until the wave commits (pull-waves.ts). Nothing
 * of a pull's writes is in this row (migration 0016). The two statements leave together (one
 * round trip).
 */
export async function lockClientGroup(
  tx: Db,
  id: string,
  userId: string,
): Promise<{ userId: string }> {
  const insert = tx`
    insert into replicache_client_group (id, user_id) values (${id}, ${userId})
    on conflict (id) do nothing`;
  const lock = tx<{ userId: string }[]>`
    select user_id as "userId" from replicache_client_group where id = ${id} for no key update`;
  const [, [row]] = await Promise.all([insert, lock]);
  if (!row) throw new Error(`client group ${id} could not be locked`);
  return row;
}

/**
 * Client groups by id (a pull's are read for its whole wave: pull-waves.ts `one`): the owner,
 * and the order of the last cookie handed out (0 before any). A group never seen is missing.
 */
export const clientGroups = {
  async read(tx: Db, ids: string[]): Promise<Map<string, { userId: string; cvrVersion: number }>> {
    const rows = await tx<{ id: string; userId: string; cvrVersion: number }[]>`
      select g.id, g.user_id as "userId", coalesce(c.cvr_version, 0) as "cvrVersion"
      from replicache_client_group g left join replicache_cookie c on c.client_group_id = g.id
      where g.id = any(${ids})`;
    return new Map(rows.map(({ id, ...group }) => [id, group]));
  },
};

export type CookieOrder = { groupId: string; userId: string; isNew: boolean; order: number };

/**
 * Records the order of the cookie each pull just handed out, creating the groups seen for the
 * first time. A group's row is written only then: a push holds it locked (lockClientGroup).
 * One group at most once per call (a wave has one pull per group).
 */
export const cookieOrders = {
  async write(tx: Db, orders: CookieOrder[]) {
    const created = orders.filter((order) => order.isNew);
    const groups =
      created.length > 0
        ? tx`with created as (
            insert into replicache_client_group (id, user_id)
            select * from unnest(${created.map((o) => o.groupId)}::text[],
              ${created.map((o) => o.userId)}::text[])
            on conflict (id) do nothing)`
        : tx``;
    await tx`
      ${groups}
      insert into replicache_cookie (client_group_id, cvr_version)
      select * from unnest(${orders.map((o) => o.groupId)}::text[],
        ${orders.map((o) => o.order)}::int[])
      on conflict (client_group_id) do update set cvr_version = excluded.cvr_version`;
  },
};

/**
 * The stored state of the named clients. Read after the group is locked (lockClientGroup), and
 * in its own statement: at READ COMMITTED a statement sees what committed before it started, so
 * this sees every mutation the group's previous push recorded.
 */
export async function getClients(
  tx: Db,
  ids: string[],
): Promise<Map<string, { clientGroupId: string; lastMutationId: number }>> {
  const rows = await tx<{ id: string; clientGroupId: string; lastMutationId: number }[]>`
    select id, client_group_id as "clientGroupId", last_mutation_id as "lastMutationId"
    from replicache_client where id = any(${ids})`;
  return new Map(rows.map(({ id, ...client }) => [id, client]));
}

/** The error setLastMutationIds fails with when another group took one of the client ids. */
export const FOREIGN_CLIENT_CODE = "22012";

/**
 * Records the clients' last mutation ids. A client id that another group took meanwhile keeps
 * its row, and the statement then fails (division by zero, FOREIGN_CLIENT_CODE): the push
 * refuses, and a COMMIT sent behind it rolls back instead (transaction.ts).
 */
export async function setLastMutationIds(
  tx: Db,
  clientGroupId: string,
  clients: { id: string; lastMutationId: number }[],
): Promise<void> {
  if (clients.length === 0) return;
  await tx`
    with saved as (
      insert into replicache_client (id, client_group_id, last_mutation_id)
      select id, ${clientGroupId}, last_mutation_id
      from unnest(${clients.map((c) => c.id)}::text[], ${clients.map((c) => c.lastMutationId)}::int[])
        as t(id, last_mutation_id)
      on conflict (id) do update
        set last_mutation_id = excluded.last_mutation_id, last_modified = now()
        where replicache_client.client_group_id = excluded.client_group_id
      returning id
    )
    select 1 / (count(*) = ${clients.length})::int from saved`;
}

/** Each group's clients and their lastMutationIDs; a group with no client yet is missing. */
export const clientMutationIds = {
  async read(tx: Db, groupIds: string[]): Promise<Map<string, Record<string, number>>> {
    const rows = await tx<{ groupId: string; id: string; lastMutationId: number }[]>`
      select client_group_id as "groupId", id, last_mutation_id as "lastMutationId"
      from replicache_client where client_group_id = any(${groupIds})`;
    const groups = new Map<string, Record<string, number>>();
    for (const { groupId, id, lastMutationId } of rows) {
      let clients = groups.get(groupId);
      if (!clients) groups.set(groupId, (clients = {}));
      clients[id] = lastMutationId;
    }
    return groups;
  },
};

// ---------------------------------------------------------------------------------------------
// Client view records

/** The kinds of product rows, in the order a first pull sends them (the board's first). */
export const ROW_KINDS = [
  "project",
  "status",
  "label",
  "task",
  "relation",
  "comment",
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
export type SyncedProject = { workspaceId: string; cursor: ProjectCursor | null };
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

export type NewCvr = Cvr & { clientGroupId: string; userId: string };

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

// ---------------------------------------------------------------------------------------------
// Scope: what a person may see

/**
 * The person's workspaces with their change counters, and a marker of their notices: if this
 * string is the one a client view record was built from, nothing in the scope has changed.
 */
export async function scopeFingerprint(tx: Db, userId: string): Promise<string> {
  // A workspace's counter is spread over rows, one per writing connection (migration 0004).
  // Sent together (pipelined): one round trip.
  const [workspaces, [notices], [settings]] = await Promise.all([
    tx<{ id: string; counter: string }[]>`
      select m."organizationId" as id,
        coalesce((select sum(w.counter) from workspace_change w
          where w.workspace_id = m."organizationId"), 0)::text as counter
      from member m
      where m."userId" = ${userId}
      order by m."organizationId"`,
    tx<{ last: string; count: string }[]>`
      select coalesce(max(seq), 0)::text as last, count(*)::text as count
      from sync_notice where user_id = ${userId}`,
    tx<{ marker: string }[]>`
      select direct || ':' || other as marker from notification_settings
      where user_id = ${userId}`,
  ]);
  const parts = workspaces.map((w) => `${w.id}:${w.counter}`);
  return `${parts.join(",")}|notices:${notices?.last ?? 0}:${notices?.count ?? 0}|settings:${settings?.marker ?? ""}`;
}

/**
 * The person's workspaces, their members, the person's notices and mail settings: few rows,
 * read whole.
 */
export type Access = {
  workspaceIds: string[];
  /** Replicache key → version: an md5 of the synced fields (better-auth's rows have none). */
  versions: Record<string, string>;
  values: Map<string, Workspace | Member | Notice | NotificationSettings>;
};

/** Versions are compared with !==, never ordered. */
export async function loadAccess(tx: Db, userId: string): Promise<Access> {
  const access: Access = { workspaceIds: [], versions: {}, values: new Map() };
  const mine = tx`select "organizationId" from member where "userId" = ${userId}`;

  // Sent together (pipelined): one round trip.
  const [workspaces, members, notices, [settings]] = await Promise.all([
    tx<(Workspace & { version: string })[]>`
    select o.id, o.name, o.slug, o.logo, m.role,
      md5(json_build_array(o.name, o.slug, o.logo, m.role)::text) as version
    from member m join "organization" o on o.id = m."organizationId"
    where m."userId" = ${userId}
    order by o.id`,
    tx<(Member & { version: string })[]>`
    select u.id, m."organizationId" as "workspaceId", u.name, u.email, u.image, m.role,
      md5(json_build_array(u.name, u.email, u.image, m.role)::text) as version
    from member m join "user" u on u.id = m."userId"
    where m."organizationId" in (${mine})`,
    tx<(Omit<Notice, "createdAt"> & { createdAt: Date })[]>`
    select id, mutation_name as "mutationName", code, message, created_at as "createdAt"
    from sync_notice where user_id = ${userId}`,
    tx<Pick<NotificationSettings, "direct" | "other">[]>`
    select direct, other from notification_settings where user_id = ${userId}`,
  ]);
  for (const { version, ...workspace } of workspaces) {
    const key = workspaceKey(workspace.id);
    access.workspaceIds.push(workspace.id);
    access.versions[key] = version;
    access.values.set(key, workspace);
  }

  for (const { version, ...member } of members) {
    const key = memberKey(member.workspaceId, member.id);
    access.versions[key] = version;
    access.values.set(key, member);
  }

  for (const notice of notices) {
    const key = noticeKey(notice.id);
    access.versions[key] = "1";
    access.values.set(key, { ...notice, createdAt: notice.createdAt.toISOString() });
  }

  const ownSettings: NotificationSettings = {
    id: userId,
    direct: settings?.direct ?? "instant",
    other: settings?.other ?? "daily",
  };
  access.versions[notificationSettingsKey(userId)] = `${ownSettings.direct}:${ownSettings.other}`;
  access.values.set(notificationSettingsKey(userId), ownSettings);
  return access;
}

export type RowValue =
  | Project
  | Status
  | Label
  | Task
  | Relation
  | Comment
  | Attachment
  | Activity
  | Subscriber
  | DescriptionDoc;
/** A `where …` clause (with any `order by` and `limit`) for the selects of rows as values. */
type Where = postgres.Fragment;
export type Row = { key: string; id: string; value: RowValue };

/**
 * Rows of the workspaces written by a transaction the snapshot `since` did not see: committed
 * after it was taken, whether they began before or after. `tx >= xmin` bounds the index range
 * (every older transaction had ended, so the snapshot saw it); the visibility test does the
 * rest. With `upTo`, only rows whose id is at most that (the part a first pull has sent).
 */
export async function changedRows(
  tx: Db,
  kind: RowKind,
  workspaceIds: string[],
  since: string,
  upTo?: string,
  projects?: ProjectFilter,
): Promise<Row[]> {
  if (workspaceIds.length === 0) return [];
  const bound = upTo === undefined ? tx`` : tx`and id <= ${upTo}`;
  const scoped = projects ? inProjects(tx, kind, projects) : tx``;
  return selectRows(
    tx,
    kind,
    tx`where workspace_id = any(${workspaceIds})
      and tx >= pg_snapshot_xmin(${since}::pg_snapshot)
      and not pg_visible_in_snapshot(tx, ${since}::pg_snapshot) ${bound} ${scoped}`,
  );
}

/** Tasks of these projects (with an id of at most `upToTask`), and what belongs to them. */
export type ProjectFilter = { ids: string[]; upToTask?: string };

/** The `and …` that keeps a task, or a row of a task, of the projects. */
function inProjects(tx: Db, kind: RowKind, { ids, upToTask }: ProjectFilter): Where {
  const bound = upToTask === undefined ? tx`` : tx`and id <= ${upToTask}`;
  if (kind === "task") return tx`and project_id = any(${ids}) ${bound}`;
  const tasks = tx`select id from task where project_id = any(${ids}) ${bound}`;
  return kind === "description" ? tx`and id in (${tasks})` : tx`and task_id in (${tasks})`;
}

/**
 * The next tasks of a project in id order (phase "task" of a ProjectCursor), or the rows that
 * belong to its next tasks (phase "children"), with the last task id they reach.
 */
export async function projectRowsAfter(
  tx: Db,
  projectId: string,
  cursor: ProjectCursor,
  limit: number,
): Promise<{ rows: Row[]; last: string | undefined; count: number }> {
  if (cursor.phase === "task") {
    const rows = await selectRows(
      tx,
      "task",
      tx`where project_id = ${projectId} and id > ${cursor.after} order by id limit ${limit}`,
    );
    return { rows, last: rows.at(-1)?.id, count: rows.length };
  }
  const taskIds = (
    await tx<{ id: string }[]>`
      select id from task where project_id = ${projectId} and id > ${cursor.after}
      order by id limit ${limit}`
  ).map((row) => row.id);
  if (taskIds.length === 0) return { rows: [], last: undefined, count: 0 };
  return { rows: await taskHistory(tx, taskIds), last: taskIds.at(-1), count: taskIds.length };
}

/** Every row of these tasks' histories: comments, files, activity, subscribers, documents. */
export async function taskHistory(tx: Db, taskIds: string[]): Promise<Row[]> {
  if (taskIds.length === 0) return [];
  const lists = await Promise.all(
    TASK_CHILD_KINDS.map((kind) =>
      selectRows(
        tx,
        kind,
        kind === "description"
          ? tx`where id = any(${taskIds})`
          : tx`where task_id = any(${taskIds})`,
      ),
    ),
  );
  return lists.flat();
}

/** The task a row of a task's history belongs to. */
export function historyTaskId(kind: TaskChildKind, row: Row): string {
  const value = row.value as { id: string; taskId?: string };
  return kind === "description" ? value.id : (value.taskId ?? "");
}

/** The project of each of these tasks that exists: task id → project id. */
export async function taskProjects(tx: Db, taskIds: string[]): Promise<Map<string, string>> {
  if (taskIds.length === 0) return new Map();
  const rows = await tx<{ id: string; projectId: string }[]>`
    select id, project_id as "projectId" from task where id = any(${taskIds})`;
  return new Map(rows.map((row) => [row.id, row.projectId]));
}

/**
 * Of the projects a client asked for, those of the person's workspaces (an id of another
 * workspace, or of none, is left out without a word), in the order asked: id → workspace.
 */
export async function visibleProjects(
  tx: Db,
  userId: string,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx<{ id: string; workspaceId: string }[]>`
    select id, workspace_id as "workspaceId" from project
    where id = any(${ids})
      and workspace_id in (select "organizationId" from member where "userId" = ${userId})`;
  const found = new Map(rows.map((row) => [row.id, row.workspaceId]));
  const visible = new Map<string, string>();
  for (const id of ids) {
    const workspaceId = found.get(id);
    if (workspaceId) visible.set(id, workspaceId);
  }
  return visible;
}

/** The keys of the tasks of these projects and of what belongs to them (a project let go). */
export async function projectKeys(tx: Db, projectIds: string[]): Promise<string[]> {
  if (projectIds.length === 0) return [];
  const tasks = tx`select id from task where project_id = any(${projectIds})`;
  const rows = await tx<{ key: string }[]>`
    select 'task/' || project_id || '/' || id as key from task
    where project_id = any(${projectIds})
    union all ${historyKeys(tx, tasks)}`;
  return rows.map((row) => row.key);
}

/** The keys of the rows of these tasks' histories (tasks whose history was let go). */
export async function taskHistoryKeys(tx: Db, taskIds: string[]): Promise<string[]> {
  if (taskIds.length === 0) return [];
  const rows = await tx<
    { key: string }[]
  >`${historyKeys(tx, tx`select unnest(${taskIds}::text[])`)}`;
  return rows.map((row) => row.key);
}

/** `select key …` of every history row of the tasks `tasks` selects, as shared/keys.ts builds them. */
function historyKeys(tx: Db, tasks: Where): Where {
  return tx`
    select 'comment/' || task_id || '/' || id as key from comment where task_id in (${tasks})
    union all select 'activity/' || task_id || '/' || id from activity where task_id in (${tasks})
    union all select 'subscriber/' || task_id || '/' || user_id from task_subscriber
    where task_id in (${tasks})
    union all select 'attachment/' || task_id || '/' || id from attachment
    where task_id in (${tasks})
    union all select 'description-doc/' || id from description_doc where id in (${tasks})`;
}

/** The next rows of a workspace in id order, for a first pull (see FillCursor). */
export function rowsAfter(
  tx: Db,
  kind: RowKind,
  workspaceId: string,
  after: string,
  limit: number,
): Promise<Row[]> {
  return selectRows(
    tx,
    kind,
    tx`where workspace_id = ${workspaceId} and id > ${after} order by id limit ${limit}`,
  );
}

/**
 * Keys of rows of these workspaces deleted (or re-keyed) after the snapshot `since`. With
 * `projects` (partial sync), a task's key only if it was of one of them; the keys of a task's
 * rows (comments, activity…) name the task, not its project, and a client that never had
 * one deletes nothing.
 */
export async function deletedKeys(
  tx: Db,
  workspaceIds: string[],
  since: string,
  projects?: string[],
) {
  if (workspaceIds.length === 0) return [];
  const scoped = projects
    ? tx`and (kind <> 'task' or split_part(key, '/', 2) = any(${projects}))`
    : tx``;
  const rows = await tx<{ key: string }[]>`
    select key from sync_tombstone
    where workspace_id = any(${workspaceIds})
      and tx >= pg_snapshot_xmin(${since}::pg_snapshot)
      and not pg_visible_in_snapshot(tx, ${since}::pg_snapshot) ${scoped}`;
  return rows.map((row) => row.key);
}

/**
 * The keys of every product row of these workspaces (for a person who lost access), built as
 * shared/keys.ts builds them, in SQL so that no row value is read.
 */
export async function workspaceKeys(tx: Db, workspaceIds: string[]): Promise<string[]> {
  if (workspaceIds.length === 0) return [];
  const rows = await tx<{ key: string }[]>`
    select 'project/' || workspace_id || '/' || id as key from project
    where workspace_id = any(${workspaceIds})
    union all select 'status/' || project_id || '/' || status_id from project_status
    where workspace_id = any(${workspaceIds})
    union all select 'label/' || workspace_id || '/' || id from label
    where workspace_id = any(${workspaceIds})
    union all select 'task/' || project_id || '/' || id from task
    where workspace_id = any(${workspaceIds})
    union all select 'comment/' || task_id || '/' || id from comment
    where workspace_id = any(${workspaceIds})
    union all select 'activity/' || task_id || '/' || id from activity
    where workspace_id = any(${workspaceIds})
    union all select 'subscriber/' || task_id || '/' || user_id from task_subscriber
    where workspace_id = any(${workspaceIds})
    union all select 'relation/' || workspace_id || '/' || id from task_relation
    where workspace_id = any(${workspaceIds})
    union all select 'attachment/' || task_id || '/' || id from attachment
    where workspace_id = any(${workspaceIds})
    union all select 'description-doc/' || id from description_doc
    where workspace_id = any(${workspaceIds})`;
  return rows.map((row) => row.key);
}

async function selectRows(tx: Db, kind: RowKind, where: Where): Promise<Row[]> {
  const keyed = <T extends RowValue>(values: T[], key: (value: T) => string): Row[] =>
    values.map((value) => ({ key: key(value), id: value.id, value }));
  switch (kind) {
    case "project":
      return keyed(await projectsWhere(tx, where), (v) => projectKey(v.workspaceId, v.id));
    case "status":
      return (await statusesWhere(tx, where)).map(({ key, rowId, value }) => ({
        key,
        id: rowId,
        value,
      }));
    case "label":
      return keyed(await labelsWhere(tx, where), (v) => labelKey(v.workspaceId, v.id));
    case "task":
      return keyed(await tasksWhere(tx, where), (v) => taskKey(v.projectId, v.id));
    case "relation":
      return keyed(await relationsWhere(tx, where), (v) => relationKey(v.workspaceId, v.id));
    case "comment":
      return keyed(await commentsWhere(tx, where), (v) => commentKey(v.taskId, v.id));
    case "attachment":
      return keyed(await attachmentsWhere(tx, where), (v) => attachmentKey(v.taskId, v.id));
    case "activity":
      return keyed(await activitiesWhere(tx, where), (v) => activityKey(v.taskId, v.id));
    case "subscriber":
      return subscribersWhere(tx, where);
    case "description":
      return keyed(await descriptionDocsWhere(tx, where), (v) => descriptionDocKey(v.id));
  }
}

// ---------------------------------------------------------------------------------------------
// Rows as values

const iso = (date: Date) => date.toISOString();

/** A value as postgres.js reads it: its timestamps are Dates, where the store keeps ISO strings. */
type Stored<T extends { createdAt: string; updatedAt: string }> = Omit<
  T,
  "createdAt" | "updatedAt"
> & { createdAt: Date; updatedAt: Date };

function withIsoTimes<T extends { createdAt: Date; updatedAt: Date }>(row: T) {
  return { ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}

async function projectsWhere(tx: Db, where: Where): Promise<Project[]> {
  const rows = await tx<Stored<Project>[]>`
    select id, workspace_id as "workspaceId", name, key, icon, description,
      is_public as "isPublic", last_task_number as "lastTaskNumber",
      created_at as "createdAt", updated_at as "updatedAt"
    from project ${where}`;
  return rows.map(withIsoTimes);
}

async function labelsWhere(tx: Db, where: Where): Promise<Label[]> {
  const rows = await tx<Stored<Label>[]>`
    select id, workspace_id as "workspaceId", name, color,
      created_at as "createdAt", updated_at as "updatedAt"
    from label ${where}`;
  return rows.map(withIsoTimes);
}

/** `where` names the task's columns unqualified (task_label has none of the same name but task_id). */
async function tasksWhere(tx: Db, where: Where): Promise<Task[]> {
  const rows = await tx<Stored<Task>[]>`
    select t.id, t.workspace_id as "workspaceId", t.project_id as "projectId", t.number, t.title,
      t.description, t.status, t.priority, t.assignee_id as "assigneeId",
      t.due_date::text as "dueDate", t.position, t.parent_id as "parentId",
      t.created_by as "createdBy", t.created_at as "createdAt", t.updated_at as "updatedAt",
      coalesce(
        (select array_agg(tl.label_id order by tl.label_id collate "C")
         from task_label tl where tl.task_id = t.id),
        '{}') as "labelIds"
    from task t ${where}`;
  return rows.map(withIsoTimes);
}

async function relationsWhere(tx: Db, where: Where): Promise<Relation[]> {
  const rows = await tx<(Omit<Relation, "createdAt"> & { createdAt: Date })[]>`
    select id, workspace_id as "workspaceId", task_id as "taskId",
      related_task_id as "relatedTaskId", kind, created_by as "createdBy",
      created_at as "createdAt",
      (select t.project_id from task t where t.id = task_relation.task_id) as "taskProjectId",
      (select t.project_id from task t where t.id = task_relation.related_task_id)
        as "relatedProjectId"
    from task_relation ${where}`;
  return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt) }));
}

async function attachmentsWhere(tx: Db, where: Where): Promise<Attachment[]> {
  const rows = await tx<
    (Omit<Attachment, "createdAt" | "uploadedAt"> & { createdAt: Date; uploadedAt: Date | null })[]
  >`
    select id, task_id as "taskId", name, type, size::float8 as size,
      uploaded_by as "uploadedBy", created_at as "createdAt", uploaded_at as "uploadedAt"
    from attachment ${where}`;
  return rows.map((row) => ({
    ...row,
    createdAt: iso(row.createdAt),
    uploadedAt: row.uploadedAt && iso(row.uploadedAt),
  }));
}

async function commentsWhere(tx: Db, where: Where): Promise<Comment[]> {
  const rows = await tx<Stored<Comment>[]>`
    select id, task_id as "taskId", author_id as "authorId", body,
      created_at as "createdAt", updated_at as "updatedAt"
    from comment ${where}`;
  return rows.map(withIsoTimes);
}

type ActivityRow = Omit<Activity, "createdAt"> & { createdAt: Date };

async function activitiesWhere(tx: Db, where: Where): Promise<Activity[]> {
  const rows = await tx<ActivityRow[]>`
    select id, task_id as "taskId", actor_id as "actorId", kind, from_value as "from",
      to_value as "to", comment_id as "commentId", created_at as "createdAt"
    from activity ${where}`;
  return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt) }));
}

/** A subscriber's value is keyed by the user (its `id`); the row's own id orders the pages. */
async function subscribersWhere(tx: Db, where: Where): Promise<Row[]> {
  const rows = await tx<
    { rowId: string; userId: string; taskId: string; workspaceId: string; createdAt: Date }[]
  >`
    select id as "rowId", user_id as "userId", task_id as "taskId",
      workspace_id as "workspaceId", created_at as "createdAt"
    from task_subscriber ${where}`;
  return rows.map((row) => ({
    key: subscriberKey(row.taskId, row.userId),
    id: row.rowId,
    value: {
      id: row.userId,
      taskId: row.taskId,
      workspaceId: row.workspaceId,
      createdAt: iso(row.createdAt),
    },
  }));
}

async function descriptionDocsWhere(tx: Db, where: Where): Promise<DescriptionDoc[]> {
  const rows = await tx<{ id: string; workspaceId: string; state: Buffer; updatedAt: Date }[]>`
    select id, workspace_id as "workspaceId", state, updated_at as "updatedAt"
    from description_doc ${where}`;
  return rows.map((row) => ({
    id: row.id,
    workspaceId: row.workspaceId,
    state: row.state.toString("base64"),
    updatedAt: iso(row.updatedAt),
  }));
}

// ---------------------------------------------------------------------------------------------
// Membership

/** The person's role in the workspace, or null when they are not a member. */
/**
 * The comments of a project's tasks, oldest first, if the person is a member of its workspace;
 * null for a project they cannot see (or none).
 */
export async function projectComments(
  tx: Db,
  projectId: string,
  userId: string,
): Promise<Comment[] | null> {
  const [project] = await tx<{ workspaceId: string }[]>`
    select workspace_id as "workspaceId" from project p
    where p.id = ${projectId} and exists (select 1 from member m
      where m."organizationId" = p.workspace_id and m."userId" = ${userId})`;
  if (!project) return null;
  return commentsWhere(
    tx,
    tx`where task_id in (select id from task where project_id = ${projectId})
      order by created_at, id`,
  );
}

export async function memberRole(tx: Db, workspaceId: string, userId: string) {
  const [row] = await tx<{ role: string }[]>`
    select role from member where "organizationId" = ${workspaceId} and "userId" = ${userId}`;
  return row?.role ?? null;
}

export async function userWorkspaceIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db<{ id: string }[]>`
    select "organizationId" as id from member where "userId" = ${userId}`;
  return rows.map((row) => row.id);
}

/** Of these better-auth sessions, the ones that still exist and have not expired. */
export async function liveSessionIds(db: Db, sessionIds: string[]): Promise<Set<string>> {
  const rows = await db<{ id: string }[]>`
    select id from session where id = any(${sessionIds}) and "expiresAt" > now()`;
  return new Set(rows.map((row) => row.id));
}

// ---------------------------------------------------------------------------------------------
// Writes of the push (server/sync/apply-mutation.ts)

/**
 * The rows a push changes are read with `for update` (a project `for no key update`: lockRows
 * says why) and with the caller's role in their workspace, in one statement: the lock keeps
 * what a handler decides from the row (an activity's "from", whether a project's sharing
 * changes) true until it writes and commits, and at READ COMMITTED a locked row is its newest
 * committed version. `role` is null for a non-member.
 */
type WithRole<T> = T & { role: string | null };

/**
 * Locks projects, then tasks, each in id order: the one order every batch takes them in.
 *
 * A project is locked `for no key update`, which still keeps every other push's project lock
 * and write waiting, but lets foreign-key checks through (`for key share` of the project row).
 * Postgres makes such a check on a task's second update in one transaction (a batch that
 * edits a task twice): with `for update` here, that push held the task and waited for the
 * project, while a push creating a task held the project and waited for the task. Two
 * instances under `npm run load -- --rate 3` then deadlocked by the hundred, and pushes
 * failed past every retry. A project's id never changes, and deleting one takes the stronger
 * lock when it deletes.
 */
export async function lockRows(
  tx: Db,
  { projectIds, taskIds }: { projectIds: string[]; taskIds: string[] },
) {
  if (projectIds.length > 0) {
    await tx`select id from project where id = any(${projectIds}) order by id for no key update`;
  }
  if (taskIds.length > 0) {
    await tx`select id from task where id = any(${taskIds}) order by id for update`;
  }
}

export type LockedProject = WithRole<Pick<Project, "id" | "workspaceId" | "isPublic" | "key">>;

export async function lockProject(
  tx: Db,
  id: string,
  userId: string,
): Promise<LockedProject | null> {
  const [row] = await tx<LockedProject[]>`
    select p.id, p.workspace_id as "workspaceId", p.is_public as "isPublic", p.key, m.role
    from project p
    left join member m on m."organizationId" = p.workspace_id and m."userId" = ${userId}
    where p.id = ${id}
    for no key update of p`;
  return row ?? null;
}

export async function insertProject(tx: Db, project: Omit<Project, "isPublic" | "lastTaskNumber">) {
  await tx`
    insert into project (id, workspace_id, name, key, icon, description, created_at, updated_at)
    values (${project.id}, ${project.workspaceId}, ${project.name}, ${project.key}, ${project.icon},
      ${project.description}, ${project.createdAt}, ${project.updatedAt})`;
}

export async function updateProject(
  tx: Db,
  id: string,
  changes: {
    name?: string | undefined;
    key?: string | undefined;
    icon?: string | null | undefined;
    description?: string | undefined;
    isPublic?: boolean | undefined;
    updatedAt: string;
  },
) {
  await tx`
    update project set
      name = coalesce(${changes.name ?? null}, name),
      key = coalesce(${changes.key ?? null}, key),
      icon = case when ${changes.icon !== undefined} then ${changes.icon ?? null} else icon end,
      description = coalesce(${changes.description ?? null}, description),
      is_public = coalesce(${changes.isPublic ?? null}::boolean, is_public),
      updated_at = ${changes.updatedAt}
    where id = ${id}`;
}

export async function deleteProject(tx: Db, id: string) {
  await tx`delete from project where id = ${id}`;
}

/**
 * Hands out the project's next task number: the project's row lock, held to commit, makes it
 * unique and gap-free (a rolled-back push gives its number back). Null: no such project.
 */
export async function nextTaskNumber(tx: Db, projectId: string): Promise<number | null> {
  const [row] = await tx<{ number: number }[]>`
    update project set last_task_number = last_task_number + 1 where id = ${projectId}
    returning last_task_number as number`;
  return row?.number ?? null;
}

export type LockedTask = WithRole<
  Pick<
    Task,
    | "id"
    | "workspaceId"
    | "projectId"
    | "title"
    | "status"
    | "priority"
    | "assigneeId"
    | "dueDate"
    | "parentId"
  >
>;

export async function lockTask(tx: Db, id: string, userId: string): Promise<LockedTask | null> {
  const [row] = await tx<LockedTask[]>`
    select t.id, t.workspace_id as "workspaceId", t.project_id as "projectId", t.title,
      t.status, t.priority, t.assignee_id as "assigneeId", t.due_date::text as "dueDate",
      t.parent_id as "parentId", m.role
    from task t
    left join member m on m."organizationId" = t.workspace_id and m."userId" = ${userId}
    where t.id = ${id}
    for update of t`;
  return row ?? null;
}

/** Sent together, run in order (a push's writes go out at once: transaction.ts). */
export async function insertTask(tx: Db, task: Task) {
  await Promise.all([
    tx`
    insert into task (id, workspace_id, project_id, number, title, description, status, priority,
      assignee_id, due_date, position, parent_id, created_by, created_at, updated_at)
    values (${task.id}, ${task.workspaceId}, ${task.projectId}, ${task.number}, ${task.title},
      ${task.description}, ${task.status}, ${task.priority}, ${task.assigneeId}, ${task.dueDate},
      ${task.position}, ${task.parentId}, ${task.createdBy}, ${task.createdAt}, ${task.updatedAt})`,
    addTaskLabels(tx, task.id, task.labelIds),
  ]);
}

export async function updateTask(
  tx: Db,
  id: string,
  changes: {
    title?: string | undefined;
    description?: string | undefined;
    status?: TaskStatus | undefined;
    priority?: TaskPriority | undefined;
    assigneeId?: string | null | undefined;
    dueDate?: string | null | undefined;
    position?: string | undefined;
    parentId?: string | null | undefined;
    updatedAt: string;
  },
) {
  await tx`
    update task set
      title = coalesce(${changes.title ?? null}, title),
      description = coalesce(${changes.description ?? null}, description),
      status = coalesce(${changes.status ?? null}, status),
      priority = coalesce(${changes.priority ?? null}, priority),
      assignee_id = case when ${changes.assigneeId !== undefined}
        then ${changes.assigneeId ?? null} else assignee_id end,
      due_date = case when ${changes.dueDate !== undefined}
        then ${changes.dueDate ?? null}::date else due_date end,
      position = coalesce(${changes.position ?? null}, position),
      parent_id = case when ${changes.parentId !== undefined}
        then ${changes.parentId ?? null} else parent_id end,
      updated_at = ${changes.updatedAt}
    where id = ${id}`;
}

/**
 * A task's description as the push merges it: the markdown, and the document's state, null
 * while the description was never edited as a document (the task is locked by the caller).
 */
export async function taskDescription(
  tx: Db,
  taskId: string,
): Promise<{ markdown: string; state: Uint8Array | null }> {
  const [row] = await tx<{ markdown: string; state: Buffer | null }[]>`
    select t.description as markdown, d.state
    from task t left join description_doc d on d.id = t.id
    where t.id = ${taskId}`;
  return { markdown: row?.markdown ?? "", state: row?.state ?? null };
}

export async function saveDescriptionDoc(
  tx: Db,
  doc: { id: string; workspaceId: string; state: Uint8Array; updatedAt: string },
) {
  await tx`
    insert into description_doc (id, workspace_id, state, updated_at)
    values (${doc.id}, ${doc.workspaceId}, ${Buffer.from(doc.state)}, ${doc.updatedAt})
    on conflict (id) do update set state = excluded.state, updated_at = excluded.updated_at`;
}

/** Sent together, run in order. */
export async function setTaskLabels(tx: Db, taskId: string, labelIds: string[]) {
  await Promise.all([
    tx`delete from task_label where task_id = ${taskId} and not (label_id = any(${labelIds}))`,
    addTaskLabels(tx, taskId, labelIds),
  ]);
}

/**
 * The statement itself, not an async function's promise: in a Promise.all next to other
 * statements it is then sent in its place in the list (an async function's statement would
 * be handed to the connection a few microtasks earlier, ahead of the ones before it).
 */
function addTaskLabels(tx: Db, taskId: string, labelIds: string[]): Promise<unknown> {
  if (labelIds.length === 0) return Promise.resolve();
  return tx`
    insert into task_label (task_id, label_id)
    select ${taskId}, unnest(${labelIds}::text[])
    on conflict do nothing`;
}

/**
 * Deletes a task, keeping first what restoring it needs in its trash (see "Trash of deleted
 * tasks" below), and purges the trash of what is past keeping. Sent together, run in order.
 */
export async function deleteTask(tx: Db, id: string, deletedBy: string) {
  await Promise.all([
    trashTasks(tx, tx`t.id = ${id}`, { deletedBy, deletedWith: null }),
    tx`delete from task where id = ${id}`,
    purgeTrash(tx),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Sub-tasks and relations

/** A task as a parent is checked: locked `for share`, so it cannot become a sub-task meanwhile. */
export type ParentTask = Pick<Task, "id" | "workspaceId" | "projectId" | "parentId">;

export async function lockParentTask(tx: Db, id: string): Promise<ParentTask | null> {
  const [row] = await tx<ParentTask[]>`
    select id, workspace_id as "workspaceId", project_id as "projectId", parent_id as "parentId"
    from task where id = ${id}
    for share`;
  return row ?? null;
}

/** Whether the task has sub-tasks. Read after the task is locked, so none is added meanwhile. */
export async function hasSubtasks(tx: Db, id: string): Promise<boolean> {
  const [row] = await tx<{ found: boolean }[]>`
    select exists (select 1 from task where parent_id = ${id}) as found`;
  return row?.found ?? false;
}

/** The keys ("WEB-7") of these tasks, by id, as activity records them. */
export async function taskKeys(tx: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx<{ id: string; key: string }[]>`
    select t.id, p.key || '-' || t.number as key
    from task t join project p on p.id = t.project_id
    where t.id = any(${ids})`;
  return new Map(rows.map((row) => [row.id, row.key]));
}

/**
 * Deletes the task's sub-tasks (each with what hangs off it, by the foreign keys), each kept in
 * the trash as deleted with its parent: restoring the parent brings them back too.
 */
export async function deleteSubtasks(tx: Db, parentId: string, deletedBy: string) {
  await Promise.all([
    trashTasks(tx, tx`t.parent_id = ${parentId}`, { deletedBy, deletedWith: parentId }),
    tx`delete from task where parent_id = ${parentId}`,
  ]);
}

/** Makes the task's sub-tasks tasks of their own; returns their ids. */
export async function detachSubtasks(
  tx: Db,
  parentId: string,
  updatedAt: string | undefined,
): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`
    update task set parent_id = null,
      updated_at = coalesce(${updatedAt ?? null}::timestamptz, updated_at)
    where parent_id = ${parentId}
    returning id`;
  return rows.map((row) => row.id);
}

/** Tasks about to be related, with the caller's role in each one's workspace. */
export type RelatedTask = WithRole<Pick<Task, "id" | "workspaceId">>;

export async function relatedTasks(
  tx: Db,
  ids: string[],
  userId: string,
): Promise<Map<string, RelatedTask>> {
  const rows = await tx<RelatedTask[]>`
    select t.id, t.workspace_id as "workspaceId", m.role
    from task t
    left join member m on m."organizationId" = t.workspace_id and m."userId" = ${userId}
    where t.id = any(${ids})`;
  return new Map(rows.map((row) => [row.id, row]));
}

/** Whether any relation ties the two tasks, whichever way round. */
export async function relationBetween(tx: Db, a: string, b: string): Promise<boolean> {
  const [row] = await tx<{ found: boolean }[]>`
    select exists (select 1 from task_relation
      where least(task_id, related_task_id) = least(${a}::text, ${b}::text)
        and greatest(task_id, related_task_id) = greatest(${a}::text, ${b}::text)) as found`;
  return row?.found ?? false;
}

export async function insertRelation(tx: Db, relation: Relation) {
  await tx`
    insert into task_relation (id, workspace_id, task_id, related_task_id, kind, created_by,
      created_at)
    values (${relation.id}, ${relation.workspaceId}, ${relation.taskId},
      ${relation.relatedTaskId}, ${relation.kind}, ${relation.createdBy}, ${relation.createdAt})`;
}

export type LockedRelation = WithRole<
  Pick<Relation, "id" | "workspaceId" | "taskId" | "relatedTaskId" | "kind">
>;

export async function lockRelation(
  tx: Db,
  id: string,
  userId: string,
): Promise<LockedRelation | null> {
  const [row] = await tx<LockedRelation[]>`
    select r.id, r.workspace_id as "workspaceId", r.task_id as "taskId",
      r.related_task_id as "relatedTaskId", r.kind, m.role
    from task_relation r
    left join member m on m."organizationId" = r.workspace_id and m."userId" = ${userId}
    where r.id = ${id}
    for update of r`;
  return row ?? null;
}

export async function deleteRelation(tx: Db, id: string) {
  await tx`delete from task_relation where id = ${id}`;
}

/** How many of these ids are labels of the workspace. */
export async function countWorkspaceLabels(tx: Db, workspaceId: string, ids: string[]) {
  const [row] = await tx<{ count: number }[]>`
    select count(*)::int as count from label where workspace_id = ${workspaceId} and id = any(${ids})`;
  return row?.count ?? 0;
}

export type LockedLabel = WithRole<Pick<Label, "id" | "workspaceId">>;

export async function lockLabel(tx: Db, id: string, userId: string): Promise<LockedLabel | null> {
  const [row] = await tx<LockedLabel[]>`
    select l.id, l.workspace_id as "workspaceId", m.role
    from label l
    left join member m on m."organizationId" = l.workspace_id and m."userId" = ${userId}
    where l.id = ${id}
    for update of l`;
  return row ?? null;
}

export async function insertLabel(tx: Db, label: Label) {
  await tx`
    insert into label (id, workspace_id, name, color, created_at, updated_at)
    values (${label.id}, ${label.workspaceId}, ${label.name}, ${label.color}, ${label.createdAt},
      ${label.updatedAt})`;
}

export async function updateLabel(
  tx: Db,
  id: string,
  changes: { name?: string | undefined; color?: string | undefined; updatedAt: string },
) {
  await tx`
    update label set name = coalesce(${changes.name ?? null}, name),
      color = coalesce(${changes.color ?? null}, color), updated_at = ${changes.updatedAt}
    where id = ${id}`;
}

export async function deleteLabel(tx: Db, id: string) {
  await tx`delete from label where id = ${id}`;
}

export type LockedComment = WithRole<
  Pick<Comment, "id" | "authorId" | "taskId" | "body"> & { workspaceId: string }
>;

export async function lockComment(
  tx: Db,
  id: string,
  userId: string,
): Promise<LockedComment | null> {
  const [row] = await tx<LockedComment[]>`
    select c.id, c.workspace_id as "workspaceId", c.author_id as "authorId",
      c.task_id as "taskId", c.body, m.role
    from comment c
    left join member m on m."organizationId" = c.workspace_id and m."userId" = ${userId}
    where c.id = ${id}
    for update of c`;
  return row ?? null;
}

export async function insertComment(tx: Db, comment: Comment & { workspaceId: string }) {
  await tx`
    insert into comment (id, workspace_id, task_id, author_id, body, created_at, updated_at)
    values (${comment.id}, ${comment.workspaceId}, ${comment.taskId}, ${comment.authorId},
      ${comment.body}, ${comment.createdAt}, ${comment.updatedAt})`;
}

// ---------------------------------------------------------------------------------------------
// Attachments (their bytes: server/attachments/)

/** How many files the task has, and whether `id` was ever used (a row, or bytes to purge). */
export async function attachmentSlots(tx: Db, taskId: string, id: string) {
  const [row] = await tx<{ count: number; taken: boolean }[]>`
    select (select count(*)::int from attachment where task_id = ${taskId}) as count,
      exists (select 1 from attachment where id = ${id})
        or exists (select 1 from attachment_purge where attachment_id = ${id}) as taken`;
  return row!;
}

export async function insertAttachment(
  tx: Db,
  attachment: Omit<Attachment, "uploadedAt"> & { workspaceId: string },
) {
  await tx`
    insert into attachment (id, workspace_id, task_id, name, type, size, uploaded_by, created_at)
    values (${attachment.id}, ${attachment.workspaceId}, ${attachment.taskId}, ${attachment.name},
      ${attachment.type}, ${attachment.size}, ${attachment.uploadedBy}, ${attachment.createdAt})`;
}

export type LockedAttachment = {
  id: string;
  workspaceId: string;
  taskId: string;
  role: string | null;
};

export async function lockAttachment(
  tx: Db,
  id: string,
  userId: string,
): Promise<LockedAttachment | null> {
  const [row] = await tx<LockedAttachment[]>`
    select f.id, f.workspace_id as "workspaceId", f.task_id as "taskId", m.role
    from attachment f
    left join member m on m."organizationId" = f.workspace_id and m."userId" = ${userId}
    where f.id = ${id}
    for update of f`;
  return row ?? null;
}

/** Deletes the row; migration 0012's trigger schedules its bytes for the purge. */
export async function deleteAttachment(tx: Db, id: string) {
  await tx`delete from attachment where id = ${id}`;
}

export async function updateComment(tx: Db, id: string, body: string, updatedAt: string) {
  await tx`update comment set body = ${body}, updated_at = ${updatedAt} where id = ${id}`;
}

export async function deleteComment(tx: Db, id: string) {
  await tx`delete from comment where id = ${id}`;
}

export type NewActivity = {
  workspaceId: string;
  taskId: string;
  actorId: string;
  kind: ActivityKind;
  from?: string | null;
  to?: string | null;
  commentId?: string | null;
  createdAt: string;
};

/** All of a mutation's activity lines in one statement. */
export async function insertActivities(tx: Db, activities: NewActivity[]) {
  if (activities.length === 0) return;
  const rows = activities.map((activity) => ({
    id: crypto.randomUUID(),
    workspace_id: activity.workspaceId,
    task_id: activity.taskId,
    actor_id: activity.actorId,
    kind: activity.kind,
    from_value: activity.from ?? null,
    to_value: activity.to ?? null,
    comment_id: activity.commentId ?? null,
    created_at: activity.createdAt,
  }));
  await tx`insert into activity ${tx(rows)}`;
}

// ---------------------------------------------------------------------------------------------
// Trash of deleted tasks (migration 0008, server/sync/README.md "Trash")

/** How long a deleted task can be restored with its number, comments and history. */
export const TRASH_DAYS = 30;

/** A timestamp inside the snapshot: jsonb writes timestamptz as ISO text with an offset. */
const trashTimestampSchema = z.iso.datetime({ offset: true });
const nullableId = z.string().nullable();

/** What deleted_task.snapshot holds; written by trashTask, so any other shape is a bug. */
const trashedTaskSchema = z.object({
  task: z.object({
    number: z.number().int(),
    title: z.string(),
    description: z.string(),
    status: taskStatusSchema,
    priority: taskPrioritySchema,
    assigneeId: nullableId,
    dueDate: dueDateSchema.nullable(),
    position: z.string(),
    // Trash written before sub-tasks existed has none.
    parentId: nullableId.default(null),
    createdBy: nullableId,
    createdAt: trashTimestampSchema,
  }),
  labelIds: z.array(z.string()),
  comments: z.array(
    z.object({
      id: z.string(),
      authorId: nullableId,
      body: z.string(),
      createdAt: trashTimestampSchema,
      updatedAt: trashTimestampSchema,
    }),
  ),
  activity: z.array(
    z.object({
      id: z.string(),
      actorId: nullableId,
      kind: z.enum(activityKinds),
      from: z.string().nullable(),
      to: z.string().nullable(),
      commentId: nullableId,
      createdAt: trashTimestampSchema,
    }),
  ),
  subscribers: z.array(z.object({ userId: z.string(), createdAt: trashTimestampSchema })),
  // Both ways round: the task's relations to other tasks (migration 0011).
  relations: z
    .array(
      z.object({
        id: z.string(),
        taskId: z.string(),
        relatedTaskId: z.string(),
        kind: z.enum(relationKinds),
        createdBy: nullableId,
        createdAt: trashTimestampSchema,
      }),
    )
    .default([]),
  // The parent whose deletion took this sub-task with it: restoring the parent restores it.
  deletedWith: nullableId.default(null),
  // Its files' rows (migration 0012): their bytes wait in the storage as long as the trash.
  attachments: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        type: z.string(),
        size: z.number(),
        uploadedBy: nullableId,
        createdAt: trashTimestampSchema,
        uploadedAt: trashTimestampSchema.nullable(),
      }),
    )
    .default([]),
});
export type TrashedTask = z.infer<typeof trashedTaskSchema>;

/**
 * The rows and the rows that hang off them, each task as one jsonb value in deleted_task;
 * `which` picks the tasks of `task t` (one by id, or a parent's sub-tasks).
 */
/** The statement itself, sent in its place in a Promise.all (see addTaskLabels). */
function trashTasks(
  tx: Db,
  which: Where,
  { deletedBy, deletedWith }: { deletedBy: string; deletedWith: string | null },
): Promise<unknown> {
  return tx`
    insert into deleted_task (id, workspace_id, project_id, deleted_by, snapshot)
    select t.id, t.workspace_id, t.project_id, ${deletedBy}, jsonb_build_object(
      'task', jsonb_build_object('number', t.number, 'title', t.title,
        'description', t.description, 'status', t.status, 'priority', t.priority,
        'assigneeId', t.assignee_id, 'dueDate', t.due_date::text, 'position', t.position,
        'parentId', t.parent_id, 'createdBy', t.created_by, 'createdAt', t.created_at),
      'deletedWith', ${deletedWith}::text,
      'relations', coalesce(
        (select jsonb_agg(jsonb_build_object('id', r.id, 'taskId', r.task_id,
          'relatedTaskId', r.related_task_id, 'kind', r.kind, 'createdBy', r.created_by,
          'createdAt', r.created_at))
         from task_relation r where t.id in (r.task_id, r.related_task_id)), '[]'),
      'labelIds', coalesce(
        (select jsonb_agg(tl.label_id) from task_label tl where tl.task_id = t.id), '[]'),
      'comments', coalesce(
        (select jsonb_agg(jsonb_build_object('id', c.id, 'authorId', c.author_id,
          'body', c.body, 'createdAt', c.created_at, 'updatedAt', c.updated_at))
         from comment c where c.task_id = t.id), '[]'),
      'activity', coalesce(
        (select jsonb_agg(jsonb_build_object('id', a.id, 'actorId', a.actor_id, 'kind', a.kind,
          'from', a.from_value, 'to', a.to_value, 'commentId', a.comment_id,
          'createdAt', a.created_at))
         from activity a where a.task_id = t.id), '[]'),
      'subscribers', coalesce(
        (select jsonb_agg(jsonb_build_object('userId', s.user_id, 'createdAt', s.created_at))
         from task_subscriber s where s.task_id = t.id), '[]'),
      'attachments', coalesce(
        (select jsonb_agg(jsonb_build_object('id', f.id, 'name', f.name, 'type', f.type,
          'size', f.size, 'uploadedBy', f.uploaded_by, 'createdAt', f.created_at,
          'uploadedAt', f.uploaded_at))
         from attachment f where f.task_id = t.id), '[]'))
    from task t where ${which}
    on conflict (id) do update set workspace_id = excluded.workspace_id,
      project_id = excluded.project_id, deleted_by = excluded.deleted_by,
      deleted_at = excluded.deleted_at, snapshot = excluded.snapshot`;
}

/** Drops trash rows past TRASH_DAYS, a bounded batch at a time (run by every delete). */
export function purgeTrash(tx: Db, batch = 100): Promise<unknown> {
  return tx`
    delete from deleted_task where id = any(array(
      select id from deleted_task
      where deleted_at < now() - make_interval(days => ${TRASH_DAYS})
      limit ${batch}))`;
}

/**
 * Takes the task out of the trash of its project: its snapshot as parsed, or null when it is not
 * there or past TRASH_DAYS (not purged yet). The delete locks the row until commit.
 */
export async function takeTrashedTask(
  tx: Db,
  id: string,
  projectId: string,
): Promise<z.ZodSafeParseResult<TrashedTask> | null> {
  const [row] = await tx<{ fresh: boolean; snapshot: unknown }[]>`
    delete from deleted_task where id = ${id} and project_id = ${projectId}
    returning deleted_at > now() - make_interval(days => ${TRASH_DAYS}) as fresh, snapshot`;
  return row?.fresh ? trashedTaskSchema.safeParse(row.snapshot) : null;
}

/** Takes the sub-tasks deleted with the parent out of the trash of its project, as parsed. */
export async function takeTrashedSubtasks(
  tx: Db,
  parentId: string,
  projectId: string,
): Promise<{ id: string; snapshot: z.ZodSafeParseResult<TrashedTask> }[]> {
  const rows = await tx<{ id: string; snapshot: unknown }[]>`
    delete from deleted_task
    where project_id = ${projectId} and snapshot ->> 'deletedWith' = ${parentId}
      and deleted_at > now() - make_interval(days => ${TRASH_DAYS})
    returning id, snapshot`;
  return rows.map((row) => ({ id: row.id, snapshot: trashedTaskSchema.safeParse(row.snapshot) }));
}

/**
 * Writes a trashed task back: the task with its id and number, the labels that still exist,
 * its comments, activity and subscribers, its parent if it still may be one and its relations
 * to tasks still there, all as new rows (a new `tx`, so the next pull puts them). People whose account is gone become null, as `on delete set null` would have made
 * them; only people still in the workspace follow the task again. `updatedAt` is the restore.
 * Its status is resolved as a move's is: a deleted status's replacement.
 */
export async function restoreTask(
  tx: Db,
  to: { id: string; workspaceId: string; projectId: string; restoredAt: string },
  { task, labelIds, comments, activity, subscribers, relations, attachments }: TrashedTask,
) {
  const { id, workspaceId, projectId } = to;
  const existingUser = (userId: string | null) => tx`(select id from "user" where id = ${userId})`;
  // A status deleted since comes back as its replacement (the project's lock orders this
  // after any deletion of a status).
  const restoredStatus = tx`(
    select coalesce(replaced_by, status_id) from project_status
    where project_id = ${projectId} and status_id = ${task.status})`;
  // The parent comes back only if it still is one the rules allow (shared/subtasks.ts).
  const fittingParent = (parentId: string | null) => tx`(
    select p.id from task p
    where p.id = ${parentId} and p.project_id = ${projectId} and p.parent_id is null)`;
  await Promise.all([
    tx`
      insert into task (id, workspace_id, project_id, number, title, description, status,
        priority, assignee_id, due_date, position, parent_id, created_by, created_at, updated_at)
      values (${id}, ${workspaceId}, ${projectId}, ${task.number}, ${task.title},
        ${task.description}, ${restoredStatus}, ${task.priority},
        ${existingUser(task.assigneeId)},
        ${task.dueDate}, ${task.position}, ${fittingParent(task.parentId)},
        ${existingUser(task.createdBy)}, ${task.createdAt}, ${to.restoredAt})`,
    labelIds.length > 0 &&
      tx`
        insert into task_label (task_id, label_id)
        select ${id}, l.id from label l where l.workspace_id = ${workspaceId} and l.id = any(${labelIds})`,
    comments.length > 0 &&
      tx`
        insert into comment (id, workspace_id, task_id, author_id, body, created_at, updated_at)
        select c.id, ${workspaceId}, ${id}, u.id, c.body, c."createdAt", c."updatedAt"
        from jsonb_to_recordset(${tx.json(comments)}) as c(id text, "authorId" text, body text,
          "createdAt" timestamptz, "updatedAt" timestamptz)
        left join "user" u on u.id = c."authorId"
        on conflict (id) do nothing`,
    // A comment line whose comment did not come back (its id taken meanwhile) stays out.
    activity.length > 0 &&
      tx`
        insert into activity (id, workspace_id, task_id, actor_id, kind, from_value, to_value,
          comment_id, created_at)
        select a.id, ${workspaceId}, ${id}, u.id, a.kind, a."from", a."to", a."commentId",
          a."createdAt"
        from jsonb_to_recordset(${tx.json(activity)}) as a(id text, "actorId" text, kind text,
          "from" text, "to" text, "commentId" text, "createdAt" timestamptz)
        left join "user" u on u.id = a."actorId"
        where a."commentId" is null
          or exists (select 1 from comment c where c.id = a."commentId" and c.task_id = ${id})
        on conflict (id) do nothing`,
    subscribers.length > 0 &&
      tx`
        insert into task_subscriber (id, workspace_id, task_id, user_id, created_at)
        select gen_random_uuid()::text, ${workspaceId}, ${id}, s."userId", s."createdAt"
        from jsonb_to_recordset(${tx.json(subscribers)}) as s("userId" text, "createdAt" timestamptz)
        where exists (select 1 from member m
          where m."organizationId" = ${workspaceId} and m."userId" = s."userId")
        on conflict (task_id, user_id) do nothing`,
    // A relation comes back when its other task is still there (a sub-task deleted with this
    // one brings it back as it is restored after it); one already back is left as it is.
    relations.length > 0 &&
      tx`
        insert into task_relation (id, workspace_id, task_id, related_task_id, kind, created_by,
          created_at)
        select r.id, ${workspaceId}, r."taskId", r."relatedTaskId", r.kind, u.id, r."createdAt"
        from jsonb_to_recordset(${tx.json(relations)}) as r(id text, "taskId" text,
          "relatedTaskId" text, kind text, "createdBy" text, "createdAt" timestamptz)
        left join "user" u on u.id = r."createdBy"
        where exists (select 1 from task o where o.workspace_id = ${workspaceId}
          and o.id = case when r."taskId" = ${id} then r."relatedTaskId" else r."taskId" end)
        on conflict do nothing`,
    // Its files come back with their bytes, which the purge has not touched yet (TRASH_DAYS).
    attachments.length > 0 &&
      tx`delete from attachment_purge where attachment_id = any(${attachments.map((a) => a.id)})`,
    attachments.length > 0 &&
      tx`
      insert into attachment (id, workspace_id, task_id, name, type, size, uploaded_by,
        created_at, uploaded_at)
      select f.id, ${workspaceId}, ${id}, f.name, f.type, f.size, u.id, f."createdAt",
        f."uploadedAt"
      from jsonb_to_recordset(${tx.json(attachments)}) as f(id text, name text, type text,
        size bigint, "uploadedBy" text, "createdAt" timestamptz, "uploadedAt" timestamptz)
      left join "user" u on u.id = f."uploadedBy"
      on conflict (id) do nothing`,
  ]);
}

// ---------------------------------------------------------------------------------------------
// Notices

const NOTICES_KEPT_PER_USER = 20;
const NOTICE_DAYS = 3;

/** Records a refused mutation for its author and drops their old notices. */
export async function insertNotice(
  tx: Db,
  notice: { userId: string; mutationName: string; code: NoticeCode; message: string },
) {
  await Promise.all([
    tx`
    insert into sync_notice (id, user_id, mutation_name, code, message)
    values (${crypto.randomUUID()}, ${notice.userId}, ${notice.mutationName}, ${notice.code},
      ${notice.message})`,
    tx`
    delete from sync_notice where user_id = ${notice.userId} and (
      created_at < now() - make_interval(days => ${NOTICE_DAYS})
      or seq not in (
        select seq from sync_notice where user_id = ${notice.userId}
        order by seq desc limit ${NOTICES_KEPT_PER_USER}))`,
  ]);
}

/** Deletes a notice of the person's; someone else's notice, or one already gone, stays as it is. */
export async function deleteNotice(tx: Db, userId: string, id: string) {
  await tx`delete from sync_notice where id = ${id} and user_id = ${userId}`;
}

// ---------------------------------------------------------------------------------------------
// Pokes

export async function notify(tx: Db, channel: string, payload: string) {
  await tx`select pg_notify(${channel}, ${payload})`;
}
