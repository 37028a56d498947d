/**
 * The push's reads and writes of tasks: locks, inserts and updates, the description's document,
 * labels, and the links between a parent and its sub-tasks
 * (server/sync/mutations/task.ts). Deleting a task keeps it in the trash first:
 * trash-rows.ts. Split from data.ts (now scope-rows.ts).
 */
import type postgres from "postgres";
import type { Task, TaskPriority, TaskStatus } from "../../../shared/entities.ts";
import type { StoredDescription } from "../description-merges.ts";
import type { WithRole } from "../../db/row-locks.ts";
import { taskKeySql } from "../../db/task-key-sql.ts";

type Db = postgres.Sql | postgres.TransactionSql;

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

/** Sent together, run in order (a push's writes go out at once: server/db/transaction.ts). */
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
 * A task's description as the push merges it: the markdown, and the document's state in
 * base64, null while the description was never edited as a document (the task is locked by
 * the caller). Base64 both ways, converted by Postgres: postgres.js reads and writes bytea as
 * hex, twice the bytes, and a large document's state spent 8 ms of the event loop per write.
 */
export async function taskDescription(tx: Db, taskId: string): Promise<StoredDescription> {
  const [row] = await tx<{ markdown: string; state: string | null }[]>`
    select t.description as markdown, replace(encode(d.state, 'base64'), E'\n', '') as state
    from task t left join description_doc d on d.id = t.id
    where t.id = ${taskId}`;
  return { markdown: row?.markdown ?? "", state: row?.state ?? null };
}

/** `state` in base64 (taskDescription). */
export async function saveDescriptionDoc(
  tx: Db,
  doc: { id: string; workspaceId: string; state: string; updatedAt: string },
) {
  await tx`
    insert into description_doc (id, workspace_id, state, updated_at, rich_text)
    values (${doc.id}, ${doc.workspaceId}, decode(${doc.state}, 'base64'), ${doc.updatedAt}, true)
    on conflict (id) do update
      set state = excluded.state, updated_at = excluded.updated_at, rich_text = true`;
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

/** A task as a parent is checked: locked `for share`, so it cannot become a sub-task meanwhile. */
type ParentTask = Pick<Task, "id" | "workspaceId" | "projectId" | "parentId">;

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
    select t.id, ${taskKeySql(tx)} as key
    from task t join project p on p.id = t.project_id
    where t.id = any(${ids})`;
  return new Map(rows.map((row) => [row.id, row.key]));
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
