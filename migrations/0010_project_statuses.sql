-- Statuses per project (issue 17; shared/statuses.ts). A task's status was one of six constants;
-- now it names a status of its project: an ordered list, each with a name, a colour, an icon and
-- a category (backlog, unstarted, started, completed, canceled).
--
-- Every project, existing or new, starts with the six defaults, under the ids tasks already use
-- ('planned', 'to-do', 'in-progress', 'in-review', 'done', 'archived'): no task is rewritten,
-- and every task keeps its place. So a status id is unique within its project only; `id` below
-- is the row's own id (project/status), which orders a first pull's pages like any row's id.
--
-- A deleted status stays as a row with `replaced_by` set: old activity still names it, and a
-- move into it made offline lands in the replacement (server/sync/workflow-mutations.ts). Only
-- the project's deletion removes status rows.

create table project_status (
  id text generated always as (project_id || '/' || status_id) stored primary key,
  status_id text not null,
  workspace_id text not null references "organization" (id) on delete cascade,
  project_id text not null references project (id) on delete cascade,
  name text not null,
  -- A token of the palette (`--color-status-{color}` in the client's theme).
  color text not null,
  icon text,
  category text not null
    check (category in ('backlog', 'unstarted', 'started', 'completed', 'canceled')),
  -- Fractional-indexing key, ordered within the category.
  position text collate "C" not null,
  replaced_by text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  version integer not null default 1,
  tx xid8 not null default pg_current_xact_id(),
  constraint project_status_once unique (project_id, status_id)
);
create index project_status_workspace_tx_idx on project_status (workspace_id, tx);
create index project_status_workspace_id_idx on project_status (workspace_id, id);

-- Synced like every product row: version and tx on update, the workspace's change counter,
-- and a tombstone under its key (status/{projectId}/{statusId}) when the project goes.
create trigger project_status_version before update on project_status for each row
  execute function sync_bump_version();
create trigger project_status_changed_insert after insert on project_status
  referencing new table as new_rows for each statement execute function sync_rows_changed();
create trigger project_status_changed_update after update on project_status
  referencing new table as new_rows old table as old_rows
  for each statement execute function sync_rows_changed();
create trigger project_status_changed_delete after delete on project_status
  referencing old table as old_rows for each statement execute function sync_rows_changed();

create function project_status_deleted() returns trigger language plpgsql as $$
begin
  insert into sync_tombstone (workspace_id, kind, row_id, key)
  select workspace_id, 'status', id, 'status/' || project_id || '/' || status_id from old_rows;
  return null;
end $$;
create trigger project_status_deleted after delete on project_status
  referencing old table as old_rows for each statement execute function project_status_deleted();

-- The six defaults, as shared/statuses.ts `defaultStatuses` has them (the createProject mutator
-- builds the same values; server/sync/mutators-parity.test.ts compares them).
create function default_project_statuses(p project) returns void language sql as $$
  insert into project_status (status_id, workspace_id, project_id, name, color, category,
    position, created_at, updated_at)
  select d.status_id, p.workspace_id, p.id, d.name, d.color, d.category, d.position,
    p.created_at, p.created_at
  from (values
    ('planned', 'Planned', 'gray', 'backlog', 'a0'),
    ('to-do', 'To do', 'silver', 'unstarted', 'a1'),
    ('in-progress', 'In progress', 'yellow', 'started', 'a2'),
    ('in-review', 'In review', 'green', 'started', 'a3'),
    ('done', 'Done', 'indigo', 'completed', 'a4'),
    ('archived', 'Archived', 'gray', 'canceled', 'a5')
  ) as d (status_id, name, color, category, position);
$$;

-- Every way a project is made (the push, the seed, a test) gives it the defaults.
create function project_created() returns trigger language plpgsql as $$
begin
  perform default_project_statuses(new);
  return null;
end $$;
create trigger project_created after insert on project for each row
  execute function project_created();

select default_project_statuses(p) from project p;

-- A task's status is a status of its project: the six-value check gives way to a foreign key.
alter table task drop constraint task_status_check;
alter table task add constraint task_status_of_project
  foreign key (project_id, status) references project_status (project_id, status_id);
