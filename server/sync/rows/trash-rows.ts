/**
 * Deleted tasks and their trash (migration 0008, server/sync/README.md "Trash"): a delete keeps
 * what restoring the task needs, and restoring puts it back with its sub-tasks, labels, comments
 * and history. Split from data.ts (now scope-rows.ts).
 */
import type postgres from "postgres";
import { z } from "zod";
import {
  activityKinds,
  dueDateSchema,
  relationKinds,
  taskPrioritySchema,
  taskStatusSchema,
} from "../../../shared/entities.ts";

type Db = postgres.Sql | postgres.TransactionSql;
type Where = postgres.Fragment;

/**
 * Deletes a task, keeping first what restoring it needs in its trash (`trashTasks`, below),
 * and purges the trash of what is past keeping. Sent together, run in order.
 */
export async function deleteTask(tx: Db, id: string, deletedBy: string) {
  await Promise.all([
    trashTasks(tx, tx`t.id = ${id}`, { deletedBy, deletedWith: null }),
    tx`delete from task where id = ${id}`,
    purgeTrash(tx),
  ]);
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

/** How long a deleted task can be restored with its number, comments and history. */
const TRASH_DAYS = 30;

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
  // Reactions on its comments (migration 0020); older trash has none.
  reactions: z
    .array(
      z.object({
        commentId: z.string(),
        userId: z.string(),
        emoji: z.string(),
        createdAt: trashTimestampSchema,
      }),
    )
    .default([]),
});

type TrashedTask = z.infer<typeof trashedTaskSchema>;

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
      'reactions', coalesce(
        (select jsonb_agg(jsonb_build_object('commentId', r.comment_id, 'userId', r.user_id,
          'emoji', r.emoji, 'createdAt', r.created_at))
         from comment_reaction r where r.task_id = t.id), '[]'),
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
function purgeTrash(tx: Db, batch = 100): Promise<unknown> {
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
 * its comments with their reactions, activity and subscribers, its parent if it still may be one and its relations
 * to tasks still there, all as new rows (a new `tx`, so the next pull puts them). People whose
 * account is gone become null, as `on delete set null` would have made them; only people still
 * in the workspace follow the task again. `updatedAt` is the restore.
 * Its status is resolved as a move's is: a deleted status's replacement.
 */
export async function restoreTask(
  tx: Db,
  to: { id: string; workspaceId: string; projectId: string; restoredAt: string },
  {
    task,
    labelIds,
    comments,
    reactions,
    activity,
    subscribers,
    relations,
    attachments,
  }: TrashedTask,
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
    // Reactions on the comments that came back, of people whose account is still there.
    reactions.length > 0 &&
      tx`
        insert into comment_reaction (workspace_id, task_id, comment_id, user_id, emoji,
          created_at)
        select ${workspaceId}, ${id}, r."commentId", u.id, r.emoji, r."createdAt"
        from jsonb_to_recordset(${tx.json(reactions)}) as r("commentId" text, "userId" text,
          emoji text, "createdAt" timestamptz)
        join "user" u on u.id = r."userId"
        where exists (select 1 from comment c where c.id = r."commentId" and c.task_id = ${id})
        on conflict do nothing`,
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
