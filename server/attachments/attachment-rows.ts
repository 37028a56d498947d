/** The SQL of attachments outside the push: access checks, the upload's completion, the purge. */
import type postgres from "postgres";

type Db = postgres.Sql | postgres.TransactionSql;

export type AttachmentAccess = {
  id: string;
  workspaceId: string;
  name: string;
  type: string;
  size: number;
  uploadedAt: Date | null;
  isPublic: boolean;
  /** The person's role in the workspace, null when they are not a member (or signed out). */
  role: string | null;
};

export async function attachmentAccess(
  sql: Db,
  id: string,
  userId: string | null,
): Promise<AttachmentAccess | null> {
  const [row] = await sql<AttachmentAccess[]>`
    select f.id, f.workspace_id as "workspaceId", f.name, f.type, f.size::float8 as size,
      f.uploaded_at as "uploadedAt", p.is_public as "isPublic", m.role
    from attachment f
    join task t on t.id = f.task_id
    join project p on p.id = t.project_id
    left join member m on m."organizationId" = f.workspace_id and m."userId" = ${userId}
    where f.id = ${id}`;
  return row ?? null;
}

/** Marks the bytes as there, with the type read from them; false when the row is gone. */
export async function markUploaded(sql: Db, id: string, type: string): Promise<boolean> {
  const rows = await sql`
    update attachment set type = ${type}, uploaded_at = now()
    where id = ${id} and uploaded_at is null
    returning id`;
  return rows.length > 0;
}

/** Attachments whose bytes are due for deletion, locked for this purge run. */
export async function takeDuePurges(sql: Db, limit: number): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select attachment_id as id from attachment_purge
    where purge_after <= now()
    order by purge_after
    limit ${limit}
    for update skip locked`;
  return rows.map((row) => row.id);
}

export async function forgetPurges(sql: Db, ids: string[]) {
  await sql`delete from attachment_purge where attachment_id = any(${ids})`;
}
