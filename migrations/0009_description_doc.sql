-- Collaborative descriptions (issue 16; server/sync/README.md "Descriptions"). A task's
-- description is edited as a Yjs document: clients push Yjs updates (mutator editDescription),
-- the server merges them into the state kept here and writes the text it holds into
-- task.description in the same transaction, so search, the public page, export, mail and
-- mentions keep reading plain markdown.
--
-- One row per task whose description has been edited since this change, created by the first
-- edit: a task never edited collaboratively has no row, and both sides start its document from
-- task.description with a seed that is the same bytes wherever it is made
-- (shared/description-doc.ts), so nothing is backfilled here. A product row of the workspace
-- (key description-doc/{taskId}), synced like the others: `id` is the task's id.
create table description_doc (
  id text primary key references task (id) on delete cascade,
  workspace_id text not null references "organization" (id) on delete cascade,
  -- Yjs update v1 encoding of the whole document (Y.encodeStateAsUpdate).
  state bytea not null,
  updated_at timestamptz not null,
  version integer not null default 1,
  tx xid8 not null default pg_current_xact_id()
);
create index description_doc_workspace_tx_idx on description_doc (workspace_id, tx);
create index description_doc_workspace_id_idx on description_doc (workspace_id, id);

create trigger description_doc_version before update on description_doc for each row
  execute function sync_bump_version();
create trigger description_doc_changed_insert after insert on description_doc
  referencing new table as new_rows for each statement execute function sync_rows_changed();
create trigger description_doc_changed_update after update on description_doc
  referencing new table as new_rows old table as old_rows
  for each statement execute function sync_rows_changed();
create trigger description_doc_changed_delete after delete on description_doc
  referencing old table as old_rows for each statement execute function sync_rows_changed();

-- Deleted with its task (or the task's project or workspace): the clients drop the key.
create function description_doc_deleted() returns trigger language plpgsql as $$
begin
  insert into sync_tombstone (workspace_id, kind, row_id, key)
  select workspace_id, 'description', id, 'description-doc/' || id from old_rows;
  return null;
end $$;
create trigger description_doc_deleted after delete on description_doc
  referencing old table as old_rows for each statement execute function description_doc_deleted();
