/**
 * The reads of the pull: what a person may see (their access and its fingerprint), the rows in
 * it as the store's camelCase values (shared/entities.ts) — product tables in snake_case, the
 * better-auth tables it reads in quoted camelCase ("organization", member, "user") — and
 * membership; and the notify a poke goes out with. The rest of the sync layer's SQL is split by
 * entity beside it: client-rows.ts and cvr-rows.ts (Replicache's bookkeeping),
 * server/db/row-locks.ts, project-rows.ts, task-rows.ts, trash-rows.ts, relation-rows.ts,
 * label-rows.ts, comment-rows.ts, reaction-rows.ts, attachment-rows.ts, activity-rows.ts, notice-rows.ts and
 * status-rows.ts.
 */
import type postgres from "postgres";
import type {
  Activity,
  Attachment,
  Comment,
  DescriptionDoc,
  Label,
  Member,
  Notice,
  NotificationSettings,
  Project,
  Reaction,
  Relation,
  Status,
  Subscriber,
  Task,
  Workspace,
} from "../../../shared/entities.ts";
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
  reactionKey,
  relationKey,
  subscriberKey,
  taskStoreKey,
  workspaceKey,
} from "../../../shared/keys.ts";
import { statusesWhere } from "./status-rows.ts";
import {
  TASK_CHILD_KINDS,
  type ProjectCursor,
  type RowKind,
  type TaskChildKind,
} from "./cvr-rows.ts";

/** Anything that runs a query: the pool or a transaction. */
type Db = postgres.Sql | postgres.TransactionSql;

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

type RowValue =
  | Project
  | Status
  | Label
  | Task
  | Relation
  | Comment
  | Reaction
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
type ProjectFilter = { ids: string[]; upToTask?: string };

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

/**
 * Every row of these tasks' histories: comments and their reactions, files, activity,
 * subscribers, documents.
 */
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
    union all ${reactionKeys(tx, tx`task_id in (${tasks})`)}
    union all select 'activity/' || task_id || '/' || id from activity where task_id in (${tasks})
    union all select 'subscriber/' || task_id || '/' || user_id from task_subscriber
    where task_id in (${tasks})
    union all select 'attachment/' || task_id || '/' || id from attachment
    where task_id in (${tasks})
    union all select 'description-doc/' || id from description_doc where id in (${tasks})`;
}

/** `select key …` of the reactions `where` keeps, as shared/keys.ts reactionKey builds them. */
function reactionKeys(tx: Db, where: Where): Where {
  return tx`
    select 'reaction/' || task_id || '/' || comment_id || '/' || user_id || '/' || emoji
    from comment_reaction where ${where}`;
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
    union all ${reactionKeys(tx, tx`workspace_id = any(${workspaceIds})`)}
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
  const keyed = <T extends RowValue & { id: string }>(
    values: T[],
    key: (value: T) => string,
  ): Row[] => values.map((value) => ({ key: key(value), id: value.id, value }));
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
      return keyed(await tasksWhere(tx, where), (v) => taskStoreKey(v.projectId, v.id));
    case "relation":
      return keyed(await relationsWhere(tx, where), (v) => relationKey(v.workspaceId, v.id));
    case "comment":
      return keyed(await commentsWhere(tx, where), (v) => commentKey(v.taskId, v.id));
    case "reaction":
      return reactionsWhere(tx, where);
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

/** A reaction's key names it (shared/keys.ts); the row's own id orders the pages. */
async function reactionsWhere(tx: Db, where: Where): Promise<Row[]> {
  const rows = await tx<(Omit<Reaction, "createdAt"> & { rowId: string; createdAt: Date })[]>`
    select id as "rowId", task_id as "taskId", comment_id as "commentId", user_id as "userId",
      emoji, created_at as "createdAt"
    from comment_reaction ${where}`;
  return rows.map(({ rowId, ...row }) => {
    const value: Reaction = { ...row, createdAt: iso(row.createdAt) };
    return { key: reactionKey(row.taskId, row.commentId, row.userId, row.emoji), id: rowId, value };
  });
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

/**
 * The state in base64 from Postgres itself (without the line breaks it puts in): postgres.js
 * reads bytea as hex, twice the bytes to parse on the event loop.
 */
async function descriptionDocsWhere(tx: Db, where: Where): Promise<DescriptionDoc[]> {
  const rows = await tx<{ id: string; workspaceId: string; state: string; updatedAt: Date }[]>`
    select id, workspace_id as "workspaceId", replace(encode(state, 'base64'), E'\n', '') as state,
      updated_at as "updatedAt"
    from description_doc ${where}`;
  return rows.map((row) => ({ ...row, updatedAt: iso(row.updatedAt) }));
}

// ---------------------------------------------------------------------------------------------
// Membership

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
