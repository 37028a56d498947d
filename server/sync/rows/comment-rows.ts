/** The push's reads and writes of comments. Split from data.ts (now scope-rows.ts). */
import type postgres from "postgres";
import type { Comment } from "../../../shared/entities.ts";
import type { WithRole } from "../../db/row-locks.ts";

type Db = postgres.Sql | postgres.TransactionSql;

type LockedComment = WithRole<
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

export async function updateComment(tx: Db, id: string, body: string, updatedAt: string) {
  await tx`update comment set body = ${body}, updated_at = ${updatedAt} where id = ${id}`;
}

export async function deleteComment(tx: Db, id: string) {
  await tx`delete from comment where id = ${id}`;
}
