-- Incremental pulls (server/sync/pull.ts). A pull used to read the version of every row in the
-- person's scope and diff it against a client view record holding one entry per row: about
-- 25,000 entries and a third of a second at 10,000 tasks, for a pull that brought one change.
-- Now every product row records the transaction that last wrote it, deletes leave tombstones,
-- and a client view record keeps the snapshot of the pull that made it: the next pull reads
-- only the rows and tombstones whose transaction that snapshot did not see.

-- The transaction that last wrote the row: set on insert by the default and on every update
-- (also updates made by foreign-key actions, and a task's label changes) by the trigger below.
-- Rows that exist now get this migration's transaction.
do $$
declare
  t text;
begin
  foreach t in array array['project', 'label', 'task', 'comment', 'activity'] loop
    execute format('alter table %I add column tx xid8 not null default pg_current_xact_id()', t);
    execute format('create index %1$s_workspace_tx_idx on %1$I (workspace_id, tx)', t);
  end loop;
end $$;

-- A first pull walks each kind of row in id order per workspace, a page at a time; these
-- indexes also serve every lookup the plain workspace_id indexes served.
create index label_workspace_id_idx on label (workspace_id, id);
create index task_workspace_id_idx on task (workspace_id, id);
create index comment_workspace_id_idx on comment (workspace_id, id);
create index activity_workspace_id_idx on activity (workspace_id, id);
drop index label_workspace_idx;
drop index task_workspace_idx;
drop index comment_workspace_idx;
drop index activity_workspace_idx;

create or replace function sync_bump_version() returns trigger language plpgsql as $$
begin
  new.version := old.version + 1;
  new.tx := pg_current_xact_id();
  return new;
end $$;

-- Deleted rows, so that a pull can tell the clients that saw them. One per deleted row (a
-- cascade from a project or a workspace writes one for each task, comment and activity below
-- it), and one for the old key of a row whose parent changed. No foreign key: the tombstones of
-- a deleted workspace are how its former members learn what to delete. Pruned by the pull once
-- older than any client view record still honoured (pull.ts).
create table sync_tombstone (
  workspace_id text not null,
  kind text not null,
  row_id text not null,
  -- The full Replicache key the row had, e.g. task/{projectId}/{id}.
  key text not null,
  tx xid8 not null default pg_current_xact_id(),
  created_at timestamptz not null default now()
);
create index sync_tombstone_workspace_tx_idx on sync_tombstone (workspace_id, tx);
create index sync_tombstone_created_idx on sync_tombstone (created_at);

-- The Replicache key of a product row, as shared/keys.ts builds it.
create function sync_row_key(kind text, parent_id text, id text) returns text
language sql immutable as $$ select kind || '/' || parent_id || '/' || id $$;

-- tg_argv[0] is the kind, tg_argv[1] the column the key nests under.
create function sync_rows_deleted() returns trigger language plpgsql as $$
begin
  execute format(
    'insert into sync_tombstone (workspace_id, kind, row_id, key)
     select workspace_id, %1$L, id, sync_row_key(%1$L, %2$I, id) from old_rows',
    tg_argv[0], tg_argv[1]);
  return null;
end $$;

-- A row whose parent changes gets a new key: the old one is a tombstone.
create function sync_row_rekeyed() returns trigger language plpgsql as $$
begin
  insert into sync_tombstone (workspace_id, kind, row_id, key)
  values (old.workspace_id, tg_argv[0], old.id,
    sync_row_key(tg_argv[0], to_jsonb(old) ->> tg_argv[1], old.id));
  return null;
end $$;

create trigger project_deleted after delete on project referencing old table as old_rows
  for each statement execute function sync_rows_deleted('project', 'workspace_id');
create trigger label_deleted after delete on label referencing old table as old_rows
  for each statement execute function sync_rows_deleted('label', 'workspace_id');
create trigger task_deleted after delete on task referencing old table as old_rows
  for each statement execute function sync_rows_deleted('task', 'project_id');
create trigger comment_deleted after delete on comment referencing old table as old_rows
  for each statement execute function sync_rows_deleted('comment', 'task_id');
create trigger activity_deleted after delete on activity referencing old table as old_rows
  for each statement execute function sync_rows_deleted('activity', 'task_id');

create trigger project_rekeyed after update of workspace_id on project for each row
  when (old.workspace_id is distinct from new.workspace_id)
  execute function sync_row_rekeyed('project', 'workspace_id');
create trigger label_rekeyed after update of workspace_id on label for each row
  when (old.workspace_id is distinct from new.workspace_id)
  execute function sync_row_rekeyed('label', 'workspace_id');
create trigger task_rekeyed after update of project_id, workspace_id on task for each row
  when (old.project_id is distinct from new.project_id
        or old.workspace_id is distinct from new.workspace_id)
  execute function sync_row_rekeyed('task', 'project_id');
create trigger comment_rekeyed after update of task_id, workspace_id on comment for each row
  when (old.task_id is distinct from new.task_id
        or old.workspace_id is distinct from new.workspace_id)
  execute function sync_row_rekeyed('comment', 'task_id');
create trigger activity_rekeyed after update of task_id, workspace_id on activity for each row
  when (old.task_id is distinct from new.task_id
        or old.workspace_id is distinct from new.workspace_id)
  execute function sync_row_rekeyed('activity', 'task_id');

-- Client view records no longer list every row. A record now holds the snapshot of the pull
-- that made it, the workspaces it covers (each done, or still being sent page by page from a
-- cursor) and, in `entries`, only the versions of better-auth's rows and the notices. The old
-- records cannot be turned into snapshots: every browser gets one full pull after this.
delete from replicache_cvr;
alter table replicache_cvr add column snapshot pg_snapshot not null;
alter table replicache_cvr add column workspaces jsonb not null;
