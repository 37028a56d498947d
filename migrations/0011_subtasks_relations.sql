-- Sub-tasks and relations between tasks (issue 17; server/sync/README.md "Sub-tasks and
-- relations").

-- A task's parent: a task of the same project that has no parent itself (one level). The push
-- checks both rules with the rows locked (server/sync/apply-mutation.ts). Deleting a parent
-- either deletes its sub-tasks or detaches them first; `set null` is the net under anything
-- else that deletes tasks (a project, a workspace).
alter table task add column parent_id text references task (id) on delete set null;
alter table task add constraint task_not_own_parent check (parent_id <> id);
create index task_parent_idx on task (parent_id) where parent_id is not null;

-- blocks: task_id blocks related_task_id; relates: either way; duplicate: task_id is a
-- duplicate of related_task_id. Both tasks are of the relation's workspace (any projects);
-- at most one relation ties two tasks, whichever way round. A product row of the workspace,
-- synced to every member under relation/{workspaceId}/{id}.
create table task_relation (
  id text primary key,
  workspace_id text not null references "organization" (id) on delete cascade,
  task_id text not null references task (id) on delete cascade,
  related_task_id text not null references task (id) on delete cascade,
  kind text not null check (kind in ('blocks', 'relates', 'duplicate')),
  created_by text references "user" (id) on delete set null,
  created_at timestamptz not null,
  version integer not null default 1,
  tx xid8 not null default pg_current_xact_id(),
  constraint task_relation_not_self check (task_id <> related_task_id)
);
create unique index task_relation_pair_idx on task_relation
  (least(task_id, related_task_id), greatest(task_id, related_task_id));
create index task_relation_workspace_tx_idx on task_relation (workspace_id, tx);
create index task_relation_workspace_id_idx on task_relation (workspace_id, id);
create index task_relation_task_idx on task_relation (task_id);
create index task_relation_related_task_idx on task_relation (related_task_id);

create trigger task_relation_version before update on task_relation for each row
  execute function sync_bump_version();
create trigger task_relation_changed_insert after insert on task_relation
  referencing new table as new_rows for each statement execute function sync_rows_changed();
create trigger task_relation_changed_update after update on task_relation
  referencing new table as new_rows old table as old_rows
  for each statement execute function sync_rows_changed();
create trigger task_relation_changed_delete after delete on task_relation
  referencing old table as old_rows for each statement execute function sync_rows_changed();
-- Also when a task's delete cascades here: the other task's members drop the key.
create trigger task_relation_deleted after delete on task_relation referencing old table as old_rows
  for each statement execute function sync_rows_deleted('relation', 'workspace_id');

-- The history says these in words (client/lib/activity-text.ts). The value is the
-- other task's key as it was then ("WEB-7"), so a line still reads after that task is gone.
-- The list is every kind so far (0008 added 'restored'): a later migration adding kinds must
-- start from this one.
alter table activity drop constraint activity_kind_check;
alter table activity add constraint activity_kind_check check (kind in ('created', 'status',
  'priority', 'assignee', 'due-date', 'title', 'comment', 'restored', 'parent', 'subtask',
  'blocks', 'blocked-by', 'relates', 'duplicate-of', 'duplicated-by'));

-- The trash of deleted tasks (migration 0008) keeps, in each snapshot, the task's parent_id,
-- its relations both ways round and, for a sub-task deleted with its parent, `deletedWith`:
-- written and read by server/sync/data.ts, older snapshots read as none.
