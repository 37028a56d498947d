-- Files on tasks (issue 18; server/attachments/README.md). The row syncs to every member of the
-- workspace under attachment/{taskId}/{id}; the bytes live in the storage (local disk under
-- DATA_DIR, or an S3-compatible bucket) under the key attachments/{id}.
create table attachment (
  id text primary key,
  workspace_id text not null references "organization" (id) on delete cascade,
  task_id text not null references task (id) on delete cascade,
  name text not null,
  -- The browser's guess until the bytes arrive, then the type read from them.
  type text not null,
  size bigint not null check (size > 0),
  uploaded_by text references "user" (id) on delete set null,
  created_at timestamptz not null,
  -- Null until the bytes are in the storage and checked.
  uploaded_at timestamptz,
  version integer not null default 1,
  tx xid8 not null default pg_current_xact_id()
);
create index attachment_workspace_tx_idx on attachment (workspace_id, tx);
create index attachment_workspace_id_idx on attachment (workspace_id, id);
create index attachment_task_idx on attachment (task_id);

create trigger attachment_version before update on attachment for each row
  execute function sync_bump_version();
create trigger attachment_changed_insert after insert on attachment
  referencing new table as new_rows for each statement execute function sync_rows_changed();
create trigger attachment_changed_update after update on attachment
  referencing new table as new_rows old table as old_rows
  for each statement execute function sync_rows_changed();
create trigger attachment_changed_delete after delete on attachment
  referencing old table as old_rows for each statement execute function sync_rows_changed();
create trigger attachment_deleted after delete on attachment referencing old table as old_rows
  for each statement execute function sync_rows_deleted('attachment', 'task_id');

-- Bytes to delete from the storage, by the purge job of every instance
-- (server/attachments/purge.ts). A row deleted on its own, or with a project or a workspace,
-- goes at once; one deleted with its task waits as long as the task's trash (deleted_task,
-- 30 days), since undoing the delete brings the file back.
create table attachment_purge (
  attachment_id text primary key,
  purge_after timestamptz not null
);
create index attachment_purge_after_idx on attachment_purge (purge_after);

create function attachment_purge_schedule() returns trigger language plpgsql as $$
begin
  insert into attachment_purge (attachment_id, purge_after)
  select o.id, case when exists (select 1 from deleted_task d where d.id = o.task_id)
    then now() + interval '30 days' else now() end
  from old_rows o
  on conflict (attachment_id) do update set purge_after = excluded.purge_after;
  return null;
end $$;
create trigger attachment_purge_scheduled after delete on attachment
  referencing old table as old_rows
  for each statement execute function attachment_purge_schedule();
