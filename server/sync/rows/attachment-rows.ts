/**
 * The push's reads and writes of attachments' rows; their bytes, uploads and purge are
 * server/attachments/ (its own attachment-rows.ts). Split from data.ts (now scope-rows.ts).
 */
import type postgres from "postgres";
import type { Attachment } from "../../../shared/entities.ts";

type Db = postgres.Sql | postgres.TransactionSql;

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

type LockedAttachment = {
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
