/**
 * The push's reads and writes of relations between tasks (blocked by, related…). Split from
 * data.ts.
 */
import type postgres from "postgres";
import type { Relation, Task } from "../../../shared/entities.ts";
import type { WithRole } from "../../db/row-locks.ts";

type Db = postgres.Sql | postgres.TransactionSql;

/** Tasks about to be related, with the caller's role in each one's workspace. */
type RelatedTask = WithRole<Pick<Task, "id" | "workspaceId">>;

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

type LockedRelation = WithRole<
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
