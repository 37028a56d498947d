-- The trash of deleted tasks, so that undoing a delete restores the same task (its id, its
-- number, its comments, activity, labels and subscribers) rather than a copy with a new number
-- (server/sync/README.md "Trash"). The task row itself is still deleted, so every query of
-- tasks (pull, search, public page, export, notifications, due-date job) goes on ignoring it,
-- and its tombstones tell the browsers as before. deleteTask writes a row here just before it
-- deletes; restoreTask takes it back; rows older than 30 days are purged.
create table deleted_task (
  id text primary key,
  workspace_id text not null references "organization" (id) on delete cascade,
  -- A deleted project takes the trash of its tasks with it: projects are not restorable.
  project_id text not null references project (id) on delete cascade,
  deleted_by text references "user" (id) on delete set null,
  deleted_at timestamptz not null default now(),
  -- The task's fields, its label ids, comments, activity and subscribers as they were, in the
  -- store's camelCase (written and read by server/sync/data.ts, read back through zod).
  snapshot jsonb not null
);
create index deleted_task_project_idx on deleted_task (project_id);
create index deleted_task_deleted_at_idx on deleted_task (deleted_at);

-- A restored task's history says so: "Ann restored the task".
alter table activity drop constraint activity_kind_check;
alter table activity add constraint activity_kind_check check (kind in ('created', 'status',
  'priority', 'assignee', 'due-date', 'title', 'comment', 'restored'));
