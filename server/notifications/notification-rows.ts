/**
 * The SQL of notifications, subscriptions and mail settings (migration 0007). Notifications are
 * written inside the push transaction of the change that causes them (notify.ts), so the task
 * snapshot in a notification is read by the same statement, after the change's own writes.
 * Every insert checks that the recipient is a member of the task's workspace, so no path can
 * notify or subscribe an outsider.
 */
import type postgres from "postgres";
import type {
  NotificationKind,
  Notification,
  NotificationSettings,
} from "../../shared/entities.ts";
import { notificationKey } from "../../shared/keys.ts";
import { taskKeySql } from "../db/task-key-sql.ts";

type Db = postgres.Sql | postgres.TransactionSql;

/** The kind-specific part of a notification (see the `data` column). */
export type NotificationDetails = {
  from?: string | null;
  to?: string | null;
  commentId?: string | null;
  excerpt?: string | null;
};

export type TaskEvent = { taskId: string; actorId: string; at: string };

/** The task's project, key and title as the statement sees them, merged with `details`. */
const taskData = (sql: Db) => sql`
  jsonb_build_object('projectId', t.project_id, 'taskKey', ${taskKeySql(sql)},
    'taskTitle', t.title)`;

/** Notifies these people (never the actor, only members) about the task. */
export async function notifyPeople(
  tx: Db,
  event: TaskEvent,
  recipients: { userId: string; kind: NotificationKind; details: NotificationDetails }[],
) {
  if (recipients.length === 0) return;
  const rows = recipients.map((r) => ({ user_id: r.userId, kind: r.kind, extra: r.details }));
  await tx`
    insert into notification (id, user_id, workspace_id, task_id, kind, actor_id, data, created_at)
    select gen_random_uuid()::text, r.user_id, t.workspace_id, t.id, r.kind, ${event.actorId},
      ${taskData(tx)} || r.extra, least(${event.at}::timestamptz, now())
    from jsonb_to_recordset(${tx.json(rows)}::jsonb) as r(user_id text, kind text, extra jsonb)
    join task t on t.id = ${event.taskId}
    join project p on p.id = t.project_id
    where r.user_id <> ${event.actorId}
      and exists (select 1 from member m
        where m."organizationId" = t.workspace_id and m."userId" = r.user_id)`;
}

/** Notifies the task's subscribers, but the actor and the people in `except`. */
export async function notifySubscribers(
  tx: Db,
  event: TaskEvent,
  kind: NotificationKind,
  details: NotificationDetails,
  except: string[],
) {
  await tx`
    insert into notification (id, user_id, workspace_id, task_id, kind, actor_id, data, created_at)
    select gen_random_uuid()::text, s.user_id, t.workspace_id, t.id, ${kind}, ${event.actorId},
      ${taskData(tx)} || ${tx.json(details)}::jsonb, least(${event.at}::timestamptz, now())
    from task_subscriber s
    join task t on t.id = s.task_id
    join project p on p.id = t.project_id
    where s.task_id = ${event.taskId} and s.user_id <> ${event.actorId}
      and not (s.user_id = any(${except}::text[]))
      and exists (select 1 from member m
        where m."organizationId" = t.workspace_id and m."userId" = s.user_id)`;
}

/** Subscribes these people (members only; already subscribed ones stay as they are). */
export async function subscribe(tx: Db, taskId: string, userIds: string[], at: string) {
  if (userIds.length === 0) return;
  await tx`
    insert into task_subscriber (id, workspace_id, task_id, user_id, created_at)
    select gen_random_uuid()::text, t.workspace_id, t.id, u.id, ${at}
    from unnest(${userIds}::text[]) as u(id)
    join task t on t.id = ${taskId}
    where exists (select 1 from member m
      where m."organizationId" = t.workspace_id and m."userId" = u.id)
    on conflict (task_id, user_id) do nothing`;
}

/** The workspace of the task the person unsubscribed from, or null if they were not subscribed. */
export async function unsubscribe(tx: Db, taskId: string, userId: string): Promise<string | null> {
  const [row] = await tx<{ workspaceId: string }[]>`
    delete from task_subscriber where task_id = ${taskId} and user_id = ${userId}
    returning workspace_id as "workspaceId"`;
  return row?.workspaceId ?? null;
}

// ---------------------------------------------------------------------------------------------
// The recipient's changes (only ever their own rows)

export async function markRead(tx: Db, userId: string, id: string, readAt: string) {
  await tx`
    update notification set read_at = ${readAt}
    where id = ${id} and user_id = ${userId} and read_at is null`;
}

export async function markUnread(tx: Db, userId: string, id: string) {
  await tx`
    update notification set read_at = null
    where id = ${id} and user_id = ${userId} and read_at is not null`;
}

export async function archive(tx: Db, userId: string, id: string, archivedAt: string) {
  await tx`
    update notification set archived_at = ${archivedAt}
    where id = ${id} and user_id = ${userId} and archived_at is null`;
}

export async function unarchive(tx: Db, userId: string, id: string) {
  await tx`
    update notification set archived_at = null
    where id = ${id} and user_id = ${userId} and archived_at is not null`;
}

export async function markAllRead(tx: Db, userId: string, workspaceId: string, readAt: string) {
  await tx`
    update notification set read_at = ${readAt}
    where user_id = ${userId} and workspace_id = ${workspaceId} and read_at is null
      and created_at <= ${readAt}`;
}

export async function saveSettings(
  tx: Db,
  userId: string,
  changes: Partial<Pick<NotificationSettings, "direct" | "other">>,
) {
  await tx`
    insert into notification_settings (user_id, direct, other)
    values (${userId}, ${changes.direct ?? "instant"}, ${changes.other ?? "daily"})
    on conflict (user_id) do update set
      direct = coalesce(${changes.direct ?? null}, notification_settings.direct),
      other = coalesce(${changes.other ?? null}, notification_settings.other),
      updated_at = now()`;
}

// ---------------------------------------------------------------------------------------------
// The pull (server/sync/pull.ts, pull-page.ts)

type NotificationRow = {
  id: string;
  workspaceId: string;
  taskId: string | null;
  kind: NotificationKind;
  actorId: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
  readAt: Date | null;
  archivedAt: Date | null;
};

const text = (value: unknown) => (typeof value === "string" ? value : null);

function toValue(row: NotificationRow): Notification {
  const d = row.data;
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    taskId: row.taskId,
    kind: row.kind,
    actorId: row.actorId,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    projectId: text(d.projectId),
    taskKey: text(d.taskKey),
    taskTitle: text(d.taskTitle),
    from: text(d.from),
    to: text(d.to),
    commentId: text(d.commentId),
    excerpt: text(d.excerpt),
    workspaceName: text(d.workspaceName),
    invitationId: text(d.invitationId),
  };
}

/**
 * The person's notifications they may see: those of their workspaces, and invitations (to a
 * workspace they are not in yet). With `since`, only those written by a transaction that the
 * snapshot did not see (the rule of pull.ts).
 */
export async function visibleNotifications(
  tx: Db,
  userId: string,
  since?: string,
): Promise<{ key: string; value: Notification }[]> {
  const changed =
    since === undefined
      ? tx``
      : tx`and n.tx >= pg_snapshot_xmin(${since}::pg_snapshot)
           and not pg_visible_in_snapshot(n.tx, ${since}::pg_snapshot)`;
  const rows = await tx<NotificationRow[]>`
    select n.id, n.workspace_id as "workspaceId", n.task_id as "taskId", n.kind,
      n.actor_id as "actorId", n.data, n.created_at as "createdAt", n.read_at as "readAt",
      n.archived_at as "archivedAt"
    from notification n
    where n.user_id = ${userId} ${changed}
      and (n.kind = 'invitation' or exists (select 1 from member m
        where m."organizationId" = n.workspace_id and m."userId" = ${userId}))`;
  return rows.map((row) => ({ key: notificationKey(row.id), value: toValue(row) }));
}

/** Keys of the person's notifications deleted after the snapshot `since`. */
export async function deletedNotificationKeys(
  tx: Db,
  userId: string,
  since: string,
): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`
    select id from notification_tombstone
    where user_id = ${userId}
      and tx >= pg_snapshot_xmin(${since}::pg_snapshot)
      and not pg_visible_in_snapshot(tx, ${since}::pg_snapshot)`;
  return rows.map((row) => notificationKey(row.id));
}

/**
 * For each client view record: its person, and whether any of their notifications was written
 * or deleted after the record's snapshot. The snapshot is read in SQL, so that a pull can send
 * this with its first statements, before it has the record; read for a whole wave of pulls at
 * once (pull-waves.ts `one`). A record that is not there is missing.
 */
export const notificationsChangedSinceRecords = {
  async read(tx: Db, cvrIds: string[]): Promise<Map<string, { userId: string; changed: boolean }>> {
    const rows = await tx<{ id: string; userId: string; changed: boolean }[]>`
      select r.id, r.user_id as "userId",
        exists (select 1 from notification
            where user_id = r.user_id and tx >= pg_snapshot_xmin(r.snapshot)
              and not pg_visible_in_snapshot(tx, r.snapshot))
          or exists (select 1 from notification_tombstone
            where user_id = r.user_id and tx >= pg_snapshot_xmin(r.snapshot)
              and not pg_visible_in_snapshot(tx, r.snapshot)) as changed
      from replicache_cvr r where r.id = any(${cvrIds})`;
    return new Map(rows.map(({ id, ...record }) => [id, record]));
  },
};

export async function pruneNotificationTombstones(tx: Db, days: number, batch = 1000) {
  await tx`
    delete from notification_tombstone where ctid = any(array(
      select ctid from notification_tombstone
      where created_at < now() - make_interval(days => ${days})
      limit ${batch}))`;
}
