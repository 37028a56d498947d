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
  await sql`delete from attachment_upload where attachment_id = ${id}`;
  return rows.length > 0;
}

/** The bytes a workspace stores: the sizes of its uploaded files (but `except` one). */
export async function storedBytes(sql: Db, workspaceId: string, except?: string): Promise<number> {
  const [row] = await sql<{ bytes: number }[]>`
    select coalesce(sum(size), 0)::float8 as bytes from attachment
    where workspace_id = ${workspaceId} and uploaded_at is not null
      and id is distinct from ${except ?? null}`;
  return row!.bytes;
}

/** pg_advisory_xact_lock's first key for a workspace's completions (the second: its hash). */
const QUOTA_LOCK = 4_300_006;

/** Holds the workspace's turn to complete uploads until the transaction ends. */
export async function lockWorkspaceQuota(tx: postgres.TransactionSql, workspaceId: string) {
  await tx`select pg_advisory_xact_lock(${QUOTA_LOCK}, hashtext(${workspaceId}))`;
}

/** Records the key a newly signed upload URL writes to, replacing the attachment's last one. */
export async function issueUpload(sql: Db, id: string, storageKey: string) {
  await sql`
    insert into attachment_upload (attachment_id, storage_key) values (${id}, ${storageKey})
    on conflict (attachment_id) do update
      set storage_key = excluded.storage_key, issued_at = now()`;
}

/** The key the attachment's current upload URL writes to; null when none is open. */
export async function openUpload(sql: Db, id: string): Promise<string | null> {
  const [row] = await sql<{ storageKey: string }[]>`
    select u.storage_key as "storageKey" from attachment_upload u
    join attachment f on f.id = u.attachment_id
    where u.attachment_id = ${id} and f.uploaded_at is null`;
  return row?.storageKey ?? null;
}

/** Locks the attachment for its completion: false when it is gone or already uploaded. */
export async function lockForCompletion(tx: postgres.TransactionSql, id: string) {
  const rows = await tx`
    select id from attachment where id = ${id} and uploaded_at is null for update`;
  return rows.length > 0;
}

/** Of these upload keys, those an open upload URL may still write to. */
export async function openUploadKeys(sql: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await sql<{ storageKey: string }[]>`
    select storage_key as "storageKey" from attachment_upload where storage_key = any(${keys})`;
  return new Set(rows.map((row) => row.storageKey));
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
