/**
 * The due-date job: tells the assignee of a task that is due tomorrow ("due-soon") and of one
 * whose due date has passed ("overdue"), once per task, kind and due date.
 *
 * Every server instance runs it on its own timer (jobs.ts); there is no second scheduler.
 * Once-only comes from the database: each notification carries the unique key
 * `{kind}:{taskId}:{dueDate}` per recipient (insert … on conflict do nothing), so a second run,
 * on this instance or another, at the same time or later, adds nothing; a transaction-level
 * advisory lock also keeps two instances from doing the same work at the same moment (the
 * loser skips its turn). Moving the due date gives a new date and so a new notification.
 *
 * Days are UTC days (the server knows no one's time zone). Overdue counts for a week after
 * the date: a task long overdue when the job first runs is not announced.
 */
import type postgres from "postgres";
import { isDoneCategory } from "../../shared/statuses.ts";
import type { PokeAnnouncer } from "../db/notify.ts";
import { statusCategories } from "../../shared/status-palette.ts";
import { taskKeySql } from "../db/task-key-sql.ts";

/** pg_try_advisory_xact_lock key of this job ("duedates" in ASCII). */
const DUE_DATE_LOCK = 0x6475_6564_6174_6573n;
const OVERDUE_DAYS = 7;

/** Done work is not due: tasks whose status is in the completed or canceled category. */
const doneCategories = statusCategories.filter(isDoneCategory);

export type DueDateRun = { ran: boolean; notified: number };

/** One run for the UTC day of `now`. `ran` is false when another instance held the lock. */
export async function notifyDueDates(
  sql: postgres.Sql,
  announcer: PokeAnnouncer,
  now: Date = new Date(),
): Promise<DueDateRun> {
  const today = now.toISOString().slice(0, 10);
  const result = await sql.begin(async (tx) => {
    const [lock] = await tx<{ locked: boolean }[]>`
      select pg_try_advisory_xact_lock(${DUE_DATE_LOCK.toString()}::bigint) as locked`;
    if (!lock?.locked) return null;
    const rows = await tx<{ userId: string; workspaceId: string }[]>`
      insert into notification (id, user_id, workspace_id, task_id, kind, actor_id, data,
        created_at, dedupe_key)
      select gen_random_uuid()::text, t.assignee_id, t.workspace_id, t.id, d.kind, null,
        jsonb_build_object('projectId', t.project_id, 'taskKey', ${taskKeySql(tx)},
          'taskTitle', t.title, 'to', t.due_date::text),
        now(), d.kind || ':' || t.id || ':' || t.due_date::text
      from task t
      join project p on p.id = t.project_id
      join project_status s on s.project_id = t.project_id and s.status_id = t.status
      cross join lateral (select case when t.due_date < ${today}::date
        then 'overdue' else 'due-soon' end as kind) d
      where t.assignee_id is not null
        and t.due_date between ${today}::date - ${OVERDUE_DAYS}::int and ${today}::date + 1
        and t.due_date <> ${today}::date
        and not (s.category = any(${doneCategories}::text[]))
        and exists (select 1 from member m
          where m."organizationId" = t.workspace_id and m."userId" = t.assignee_id)
      on conflict (user_id, dedupe_key) where dedupe_key is not null do nothing
      returning user_id as "userId", workspace_id as "workspaceId"`;
    const userIds = [...new Set(rows.map((row) => row.userId))];
    if (userIds.length > 0) await announcer.inTransaction(tx, { workspaceIds: [], userIds });
    return { userIds, notified: rows.length };
  });
  if (!result) return { ran: false, notified: 0 };
  if (result.userIds.length > 0)
    announcer.afterCommit({ workspaceIds: [], userIds: result.userIds });
  return { ran: true, notified: result.notified };
}

/** Archived notifications are kept this long, then deleted (the tombstones tell the browsers). */
const ARCHIVED_KEPT_DAYS = 30;

/** Deletes archived notifications older than ARCHIVED_KEPT_DAYS, a batch at a time. */
export async function pruneArchivedNotifications(
  sql: postgres.Sql,
  now: Date = new Date(),
  batch = 1000,
): Promise<number> {
  const rows = await sql`
    delete from notification where id = any(array(
      select id from notification
      where archived_at < ${now}::timestamptz - make_interval(days => ${ARCHIVED_KEPT_DAYS})
      limit ${batch}))
    returning id`;
  return rows.length;
}
