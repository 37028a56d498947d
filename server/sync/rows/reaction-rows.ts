/** The push's reads and writes of reactions on comments. */
import type postgres from "postgres";
import type { Reaction } from "../../../shared/entities.ts";
import type { WithRole } from "../../db/row-locks.ts";

type Db = postgres.Sql | postgres.TransactionSql;

type SharedComment = WithRole<{ id: string; taskId: string; workspaceId: string }>;

/**
 * The comment a reaction goes on, with the caller's role. Locked `for share`: reactions to one
 * comment do not wait for each other, and a deletion of the comment waits for them (or they
 * find it gone).
 */
export async function shareComment(
  tx: Db,
  id: string,
  userId: string,
): Promise<SharedComment | null> {
  const [row] = await tx<SharedComment[]>`
    select c.id, c.task_id as "taskId", c.workspace_id as "workspaceId", m.role
    from comment c
    left join member m on m."organizationId" = c.workspace_id and m."userId" = ${userId}
    where c.id = ${id}
    for share of c`;
  return row ?? null;
}

/** A reaction that is there already stays as it was (its time, its row): nothing to send. */
export async function insertReaction(tx: Db, reaction: Reaction & { workspaceId: string }) {
  await tx`
    insert into comment_reaction (workspace_id, task_id, comment_id, user_id, emoji, created_at)
    values (${reaction.workspaceId}, ${reaction.taskId}, ${reaction.commentId},
      ${reaction.userId}, ${reaction.emoji}, ${reaction.createdAt})
    on conflict (comment_id, user_id, emoji) do nothing`;
}

/**
 * Deletes the person's own reaction, if they are still a member of its workspace; returns that
 * workspace, or null when there was nothing of theirs to delete.
 */
export async function deleteOwnReaction(
  tx: Db,
  reaction: Pick<Reaction, "commentId" | "userId" | "emoji">,
): Promise<string | null> {
  const [row] = await tx<{ workspaceId: string }[]>`
    delete from comment_reaction r
    where r.comment_id = ${reaction.commentId} and r.user_id = ${reaction.userId}
      and r.emoji = ${reaction.emoji}
      and exists (select 1 from member m
        where m."organizationId" = r.workspace_id and m."userId" = ${reaction.userId})
    returning r.workspace_id as "workspaceId"`;
  return row?.workspaceId ?? null;
}
