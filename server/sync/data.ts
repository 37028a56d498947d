/**
 * Every SQL statement of the sync layer, in one module: the product tables (snake_case), the
 * better-auth tables it reads (quoted camelCase: "organization", member, "user"), and the
 * Replicache bookkeeping. Rows become the store's camelCase values here (shared/entities.ts),
 * so push, pull and the tests see one shape.
 */
import type postgres from "postgres";
import { z } from "zod";
import type {
  Activity,
  ActivityKind,
  Comment,
  Label,
  Member,
  Notice,
  NoticeCode,
  Project,
  Task,
  TaskPriority,
  TaskStatus,
  Workspace,
} from "../../shared/entities.ts";
import {
  activityKey,
  commentKey,
  labelKey,
  memberKey,
  noticeKey,
  projectKey,
  taskKey,
  workspaceKey,
} from "../../shared/keys.ts";

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
 * requests of one group (two tabs pushing at once) run one after the other.
 */
export async function lockClientGroup(
  tx: Db,
  id: string,
  userId: string,
): Promise<{ userId: string; cvrVersion: number }> {
  const [row] = await tx<{ userId: string; cvrVersion: number }[]>`
    insert into replicache_client_group (id, user_id) values (${id}, ${userId})
    on conflict (id) do update set last_modified = now()
    returning user_id as "userId", cvr_version as "cvrVersion"`;
  if (!row) throw new Error(`client group ${id} could not be locked`);
  return row;
}

export async function readClientGroup(
  tx: Db,
  id: string,
): Promise<{ userId: string; cvrVersion: number } | null> {
  const [row] = await tx<{ userId: string; cvrVersion: number }[]>`
    select user_id as "userId", cvr_version as "cvrVersion"
    from replicache_client_group where id = ${id}`;
  return row ?? null;
}

/** Records the order of the cookie just handed out (creating the group on its first pull). */
export async function setClientGroupVersion(
  tx: Db,
  id: string,
  userId: string,
  cvrVersion: number,
) {
  await tx`
    insert into replicache_client_group (id, user_id, cvr_version)
    values (${id}, ${userId}, ${cvrVersion})
    on conflict (id) do update set cvr_version = excluded.cvr_version, last_modified = now()`;
}

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

/**
 * Records the clients' last mutation ids. A client id that another group took meanwhile keeps
 * its row and is left out of the returned count, so the caller can refuse the push.
 */
export async function setLastMutationIds(
  tx: Db,
  clientGroupId: string,
  clients: { id: string; lastMutationId: number }[],
): Promise<number> {
  if (clients.length === 0) return 0;
  const rows = await tx`
    insert into replicache_client (id, client_group_id, last_mutation_id)
    select id, ${clientGroupId}, last_mutation_id
    from unnest(${clients.map((c) => c.id)}::text[], ${clients.map((c) => c.lastMutationId)}::int[])
      as t(id, last_mutation_id)
    on conflict (id) do update
      set last_mutation_id = excluded.last_mutation_id, last_modified = now()
      where replicache_client.client_group_id = excluded.client_group_id
    returning id`;
  return rows.length;
}

export async function clientMutationIds(
  tx: Db,
  clientGroupId: string,
): Promise<Record<string, number>> {
  const rows = await tx<{ id: string; lastMutationId: number }[]>`
    select id, last_mutation_id as "lastMutationId" from replicache_client
    where client_group_id = ${clientGroupId}`;
  return Object.fromEntries(rows.map((row) => [row.id, row.lastMutationId]));
}

// ---------------------------------------------------------------------------------------------
// Client view records

const cvrHeaderSchema = z.object({
  id: z.string(),
  order: z.number().int(),
  clientMutationIds: z.record(z.string(), z.number().int()),
  fingerprint: z.string(),
});
export type CvrHeader = z.infer<typeof cvrHeaderSchema>;
export type StoredCvr = CvrHeader & { entries: Record<string, string> };

/**
 * A record's header, without its entries: a no-op pull needs only the fingerprint, and the
 * entries of a 10,000-task scope are megabytes of JSON to fetch and parse.
 * A record another user's pull made is treated as missing (the client gets a reset).
 */
export async function loadCvrHeader(tx: Db, id: string, userId: string): Promise<CvrHeader | null> {
  const [row] = await tx`
    select id, cookie_order as "order", client_mutation_ids as "clientMutationIds", fingerprint
    from replicache_cvr where id = ${id} and user_id = ${userId}`;
  return row ? cvrHeaderSchema.parse(row) : null;
}

/**
 * The record's key → version entries (see loadCvrHeader). Checked by hand rather than with a
 * zod record: for a 10,000-task scope that parse alone cost about 35 ms of every pull that
 * has something to send (server CPU profile under npm run bench).
 */
export async function loadCvrEntries(tx: Db, id: string): Promise<Record<string, string>> {
  const [row] = await tx<
    { entries: unknown }[]
  >`select entries from replicache_cvr where id = ${id}`;
  if (!row) return {};
  if (!isVersionRecord(row.entries)) throw new Error(`client view record ${id} is malformed`);
  return row.entries;
}

function isVersionRecord(value: unknown): value is Record<string, string> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  for (const version of Object.values(value)) if (typeof version !== "string") return false;
  return true;
}

export async function saveCvr(tx: Db, cvr: StoredCvr & { clientGroupId: string; userId: string }) {
  await tx`
    insert into replicache_cvr
      (id, client_group_id, user_id, cookie_order, entries, client_mutation_ids, fingerprint)
    values (${cvr.id}, ${cvr.clientGroupId}, ${cvr.userId}, ${cvr.order},
      ${tx.json(cvr.entries)}, ${tx.json(cvr.clientMutationIds)}, ${cvr.fingerprint})`;
}

/** The entries are unchanged; only the marker it was built from moved on (see pull.ts). */
export async function updateCvrFingerprint(tx: Db, id: string, fingerprint: string) {
  await tx`update replicache_cvr set fingerprint = ${fingerprint} where id = ${id}`;
}

/**
 * Keeps the newest `keep` records of a group, and drops the user's records older than
 * `maxAgeDays` (groups of closed browsers): a cookie naming a dropped record gets a reset.
 */
export async function pruneCvrs(
  tx: Db,
  {
    clientGroupId,
    userId,
    keep,
    maxAgeDays,
  }: {
    clientGroupId: string;
    userId: string;
    keep: number;
    maxAgeDays: number;
  },
) {
  await tx`
    delete from replicache_cvr where client_group_id = ${clientGroupId} and id not in (
      select id from replicache_cvr where client_group_id = ${clientGroupId}
      order by cookie_order desc limit ${keep})`;
  await tx`
    delete from replicache_cvr
    where user_id = ${userId} and created_at < now() - make_interval(days => ${maxAgeDays})`;
}

// ---------------------------------------------------------------------------------------------
// Scope: what a person may see

/**
 * The person's workspaces with their change counters, and a marker of their notices: if this
 * string is the one a client view record was built from, nothing in the scope has changed.
 */
export async function scopeFingerprint(tx: Db, userId: string): Promise<string> {
  // A workspace's counter is spread over rows, one per writing connection (migration 0004).
  const workspaces = await tx<{ id: string; counter: string }[]>`
    select m."organizationId" as id,
      coalesce((select sum(w.counter) from workspace_change w
        where w.workspace_id = m."organizationId"), 0)::text as counter
    from member m
    where m."userId" = ${userId}
    order by m."organizationId"`;
  const [notices] = await tx<{ last: string; count: string }[]>`
    select coalesce(max(seq), 0)::text as last, count(*)::text as count
    from sync_notice where user_id = ${userId}`;
  const parts = workspaces.map((w) => `${w.id}:${w.counter}`);
  return `${parts.join(",")}|notices:${notices?.last ?? 0}:${notices?.count ?? 0}`;
}

export type Scope = {
  /** Replicache key → version, for every row the person may see. */
  versions: Map<string, string>;
  /** Replicache key → value for the rows whose value is read with its version (small tables). */
  values: Map<string, Workspace | Member | Notice>;
  /** Replicache key → the table and id to fetch the full row from. */
  rows: Map<string, { kind: RowKind; id: string }>;
};

export type RowKind = "project" | "label" | "task" | "comment" | "activity";

/** The product tables, each named after its kind, and the column its Replicache key nests under. */
const versionedTables: {
  kind: RowKind;
  parent: "workspace_id" | "project_id" | "task_id";
  key: (parent: string, id: string) => string;
}[] = [
  { kind: "project", parent: "workspace_id", key: projectKey },
  { kind: "label", parent: "workspace_id", key: labelKey },
  { kind: "task", parent: "project_id", key: taskKey },
  { kind: "comment", parent: "task_id", key: commentKey },
  { kind: "activity", parent: "task_id", key: activityKey },
];

/**
 * Keys and versions of the whole scope. better-auth's rows have no version column: theirs is
 * an md5 of the synced fields, computed here (compared with !==, never ordered).
 */
export async function loadScope(tx: Db, userId: string): Promise<Scope> {
  const scope: Scope = { versions: new Map(), values: new Map(), rows: new Map() };
  const mine = tx`select "organizationId" from member where "userId" = ${userId}`;

  const workspaces = await tx<(Workspace & { version: string })[]>`
    select o.id, o.name, o.slug, o.logo, m.role,
      md5(json_build_array(o.name, o.slug, o.logo, m.role)::text) as version
    from member m join "organization" o on o.id = m."organizationId"
    where m."userId" = ${userId}`;
  for (const { version, ...workspace } of workspaces) {
    const key = workspaceKey(workspace.id);
    scope.versions.set(key, version);
    scope.values.set(key, workspace);
  }

  const members = await tx<(Member & { version: string })[]>`
    select u.id, m."organizationId" as "workspaceId", u.name, u.email, u.image, m.role,
      md5(json_build_array(u.name, u.email, u.image, m.role)::text) as version
    from member m join "user" u on u.id = m."userId"
    where m."organizationId" in (${mine})`;
  for (const { version, ...member } of members) {
    const key = memberKey(member.workspaceId, member.id);
    scope.versions.set(key, version);
    scope.values.set(key, member);
  }

  const notices = await tx<(Omit<Notice, "createdAt"> & { createdAt: Date })[]>`
    select id, mutation_name as "mutationName", code, message, created_at as "createdAt"
    from sync_notice where user_id = ${userId}`;
  for (const notice of notices) {
    const key = noticeKey(notice.id);
    scope.versions.set(key, "1");
    scope.values.set(key, { ...notice, createdAt: notice.createdAt.toISOString() });
  }

  for (const { kind, parent, key } of versionedTables) {
    const rows = await tx<{ id: string; parent: string; version: string }[]>`
      select id, ${tx(parent)} as parent, version::text from ${tx(kind)}
      where workspace_id in (${mine})`;
    for (const row of rows) {
      const k = key(row.parent, row.id);
      scope.versions.set(k, row.version);
      scope.rows.set(k, { kind, id: row.id });
    }
  }
  return scope;
}

/** The full values of the given rows, by id, for a pull's puts. */
export async function loadRows(
  tx: Db,
  ids: Record<RowKind, string[]>,
): Promise<Map<string, Project | Label | Task | Comment | Activity>> {
  const values = new Map<string, Project | Label | Task | Comment | Activity>();
  for (const project of await selectProjects(tx, ids.project)) {
    values.set(projectKey(project.workspaceId, project.id), project);
  }
  for (const label of await selectLabels(tx, ids.label)) {
    values.set(labelKey(label.workspaceId, label.id), label);
  }
  for (const task of await selectTasks(tx, ids.task)) {
    values.set(taskKey(task.projectId, task.id), task);
  }
  for (const comment of await selectComments(tx, ids.comment)) {
    values.set(commentKey(comment.taskId, comment.id), comment);
  }
  for (const activity of await selectActivities(tx, ids.activity)) {
    values.set(activityKey(activity.taskId, activity.id), activity);
  }
  return values;
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

// Every select skips the round trip when there is nothing to read (most pulls change few kinds).

async function selectProjects(tx: Db, ids: string[]): Promise<Project[]> {
  if (ids.length === 0) return [];
  const rows = await tx<Stored<Project>[]>`
    select id, workspace_id as "workspaceId", name, key, icon, description,
      is_public as "isPublic", last_task_number as "lastTaskNumber",
      created_at as "createdAt", updated_at as "updatedAt"
    from project where id = any(${ids})`;
  return rows.map(withIsoTimes);
}

async function selectLabels(tx: Db, ids: string[]): Promise<Label[]> {
  if (ids.length === 0) return [];
  const rows = await tx<Stored<Label>[]>`
    select id, workspace_id as "workspaceId", name, color,
      created_at as "createdAt", updated_at as "updatedAt"
    from label where id = any(${ids})`;
  return rows.map(withIsoTimes);
}

async function selectTasks(tx: Db, ids: string[]): Promise<Task[]> {
  if (ids.length === 0) return [];
  const rows = await tx<Stored<Task>[]>`
    select t.id, t.workspace_id as "workspaceId", t.project_id as "projectId", t.number, t.title,
      t.description, t.status, t.priority, t.assignee_id as "assigneeId",
      t.due_date::text as "dueDate", t.position, t.created_by as "createdBy",
      t.created_at as "createdAt", t.updated_at as "updatedAt",
      coalesce(
        (select array_agg(tl.label_id order by tl.label_id collate "C")
         from task_label tl where tl.task_id = t.id),
        '{}') as "labelIds"
    from task t where t.id = any(${ids})`;
  return rows.map(withIsoTimes);
}

async function selectComments(tx: Db, ids: string[]): Promise<Comment[]> {
  if (ids.length === 0) return [];
  const rows = await tx<Stored<Comment>[]>`
    select id, task_id as "taskId", author_id as "authorId", body,
      created_at as "createdAt", updated_at as "updatedAt"
    from comment where id = any(${ids})`;
  return rows.map(withIsoTimes);
}

type ActivityRow = Omit<Activity, "createdAt"> & { createdAt: Date };

async function selectActivities(tx: Db, ids: string[]): Promise<Activity[]> {
  if (ids.length === 0) return [];
  const rows = await tx<ActivityRow[]>`
    select id, task_id as "taskId", actor_id as "actorId", kind, from_value as "from",
      to_value as "to", comment_id as "commentId", created_at as "createdAt"
    from activity where id = any(${ids})`;
  return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt) }));
}

// ---------------------------------------------------------------------------------------------
// Membership

/** The person's role in the workspace, or null when they are not a member. */
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

// ---------------------------------------------------------------------------------------------
// Writes of the push (server/sync/apply-mutation.ts)

/**
 * The rows a push changes are read with `for update` and with the caller's role in their
 * workspace, in one statement: the lock keeps what a handler decides from the row (an activity's
 * "from", whether a project's sharing changes) true until it writes and commits, and at READ
 * COMMITTED a locked row is its newest committed version. `role` is null for a non-member.
 */
type WithRole<T> = T & { role: string | null };

/** Locks projects, then tasks, each in id order: the one order every batch takes them in. */
export async function lockRows(
  tx: Db,
  { projectIds, taskIds }: { projectIds: string[]; taskIds: string[] },
) {
  if (projectIds.length > 0) {
    await tx`select id from project where id = any(${projectIds}) order by id for update`;
  }
  if (taskIds.length > 0) {
    await tx`select id from task where id = any(${taskIds}) order by id for update`;
  }
}

export type LockedProject = WithRole<Pick<Project, "id" | "workspaceId" | "isPublic">>;

export async function lockProject(
  tx: Db,
  id: string,
  userId: string,
): Promise<LockedProject | null> {
  const [row] = await tx<LockedProject[]>`
    select p.id, p.workspace_id as "workspaceId", p.is_public as "isPublic", m.role
    from project p
    left join member m on m."organizationId" = p.workspace_id and m."userId" = ${userId}
    where p.id = ${id}
    for update of p`;
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

/**
 * The last position in a status column. Read after the project row is locked, so concurrent
 * pushes creating tasks in one project take turns and each sees the one before it. Written as
 * `order by … limit 1`, which always walks the index backwards to one entry: with `max()` the
 * planner may read the whole column (12 ms for 3,000 tasks under npm run bench, with the
 * project locked all along).
 */
export async function positionsInStatus(
  tx: Db,
  projectId: string,
  status: TaskStatus,
): Promise<string[]> {
  const rows = await tx<{ position: string }[]>`
    select position from task where project_id = ${projectId} and status = ${status}
    order by position desc limit 1`;
  return rows.map((row) => row.position);
}

export type LockedTask = WithRole<
  Pick<
    Task,
    "id" | "workspaceId" | "projectId" | "title" | "status" | "priority" | "assigneeId" | "dueDate"
  >
>;

export async function lockTask(tx: Db, id: string, userId: string): Promise<LockedTask | null> {
  const [row] = await tx<LockedTask[]>`
    select t.id, t.workspace_id as "workspaceId", t.project_id as "projectId", t.title,
      t.status, t.priority, t.assignee_id as "assigneeId", t.due_date::text as "dueDate", m.role
    from task t
    left join member m on m."organizationId" = t.workspace_id and m."userId" = ${userId}
    where t.id = ${id}
    for update of t`;
  return row ?? null;
}

export async function insertTask(tx: Db, task: Task) {
  await tx`
    insert into task (id, workspace_id, project_id, number, title, description, status, priority,
      assignee_id, due_date, position, created_by, created_at, updated_at)
    values (${task.id}, ${task.workspaceId}, ${task.projectId}, ${task.number}, ${task.title},
      ${task.description}, ${task.status}, ${task.priority}, ${task.assigneeId}, ${task.dueDate},
      ${task.position}, ${task.createdBy}, ${task.createdAt}, ${task.updatedAt})`;
  await addTaskLabels(tx, task.id, task.labelIds);
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
      updated_at = ${changes.updatedAt}
    where id = ${id}`;
}

export async function setTaskLabels(tx: Db, taskId: string, labelIds: string[]) {
  await tx`delete from task_label where task_id = ${taskId} and not (label_id = any(${labelIds}))`;
  await addTaskLabels(tx, taskId, labelIds);
}

async function addTaskLabels(tx: Db, taskId: string, labelIds: string[]) {
  if (labelIds.length === 0) return;
  await tx`
    insert into task_label (task_id, label_id)
    select ${taskId}, unnest(${labelIds}::text[])
    on conflict do nothing`;
}

export async function deleteTask(tx: Db, id: string) {
  await tx`delete from task where id = ${id}`;
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

export type LockedComment = WithRole<Pick<Comment, "id" | "authorId"> & { workspaceId: string }>;

export async function lockComment(
  tx: Db,
  id: string,
  userId: string,
): Promise<LockedComment | null> {
  const [row] = await tx<LockedComment[]>`
    select c.id, c.workspace_id as "workspaceId", c.author_id as "authorId", m.role
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
// Notices

const NOTICES_KEPT_PER_USER = 20;
const NOTICE_DAYS = 3;

/** Records a refused mutation for its author and drops their old notices. */
export async function insertNotice(
  tx: Db,
  notice: { userId: string; mutationName: string; code: NoticeCode; message: string },
) {
  await tx`
    insert into sync_notice (id, user_id, mutation_name, code, message)
    values (${crypto.randomUUID()}, ${notice.userId}, ${notice.mutationName}, ${notice.code},
      ${notice.message})`;
  await tx`
    delete from sync_notice where user_id = ${notice.userId} and (
      created_at < now() - make_interval(days => ${NOTICE_DAYS})
      or seq not in (
        select seq from sync_notice where user_id = ${notice.userId}
        order by seq desc limit ${NOTICES_KEPT_PER_USER}))`;
}

// ---------------------------------------------------------------------------------------------
// Pokes

export async function notify(tx: Db, channel: string, payload: string) {
  await tx`select pg_notify(${channel}, ${payload})`;
}
