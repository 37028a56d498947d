-- The synced product data (projects, tasks, labels, comments, activity) and the Replicache
-- bookkeeping. See server/sync/README.md for the protocol choices these tables serve.
--
-- Every product row has a `version` that a trigger bumps on every update (also on updates made
-- by a foreign-key action such as ON DELETE SET NULL), and every write of a workspace's data,
-- of better-auth's organization/member rows and of a member's name or image bumps that
-- workspace's `workspace_change.counter`, so a pull can tell in one query that nothing changed.

create table project (
  id text primary key,
  workspace_id text not null references "organization" (id) on delete cascade,
  name text not null,
  key text not null,
  icon text,
  description text not null default '',
  is_public boolean not null default false,
  last_task_number integer not null default 0,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  version integer not null default 1,
  constraint project_key_per_workspace unique (workspace_id, key)
);

create table label (
  id text primary key,
  workspace_id text not null references "organization" (id) on delete cascade,
  name text not null,
  color text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  version integer not null default 1
);
create index label_workspace_idx on label (workspace_id);

create table task (
  id text primary key,
  workspace_id text not null references "organization" (id) on delete cascade,
  project_id text not null references project (id) on delete cascade,
  number integer not null,
  title text not null,
  description text not null default '',
  status text not null check (status in ('planned', 'to-do', 'in-progress', 'in-review', 'done', 'archived')),
  priority text not null check (priority in ('no-priority', 'low', 'medium', 'high', 'urgent')),
  assignee_id text references "user" (id) on delete set null,
  due_date date,
  position text collate "C" not null,
  created_by text references "user" (id) on delete set null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  version integer not null default 1,
  constraint task_number_per_project unique (project_id, number)
);
create index task_workspace_idx on task (workspace_id);
create index task_project_status_position_idx on task (project_id, status, position);
create index task_assignee_idx on task (assignee_id);

create table task_label (
  task_id text not null references task (id) on delete cascade,
  label_id text not null references label (id) on delete cascade,
  primary key (task_id, label_id)
);
create index task_label_label_idx on task_label (label_id);

create table comment (
  id text primary key,
  workspace_id text not null references "organization" (id) on delete cascade,
  task_id text not null references task (id) on delete cascade,
  author_id text references "user" (id) on delete set null,
  body text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  version integer not null default 1
);
create index comment_workspace_idx on comment (workspace_id);
create index comment_task_idx on comment (task_id);

create table activity (
  id text primary key,
  workspace_id text not null references "organization" (id) on delete cascade,
  task_id text not null references task (id) on delete cascade,
  actor_id text references "user" (id) on delete set null,
  kind text not null check (kind in ('created', 'status', 'priority', 'assignee', 'due-date', 'title', 'comment')),
  from_value text,
  to_value text,
  comment_id text references comment (id) on delete cascade,
  created_at timestamptz not null,
  version integer not null default 1
);
create index activity_workspace_idx on activity (workspace_id);
create index activity_task_idx on activity (task_id);

-- Replicache bookkeeping (DESIGN.md "The sync contract").
create table replicache_client_group (
  id text primary key,
  user_id text not null references "user" (id) on delete cascade,
  -- The order of the last cookie handed to this group; the next is max(cookie, this) + 1.
  cvr_version integer not null default 0,
  last_modified timestamptz not null default now()
);
create index replicache_client_group_user_idx on replicache_client_group (user_id);

create table replicache_client (
  id text primary key,
  client_group_id text not null references replicache_client_group (id) on delete cascade,
  last_mutation_id integer not null default 0,
  last_modified timestamptz not null default now()
);
create index replicache_client_group_idx on replicache_client (client_group_id);

-- Client view records: what a pull sent (full key -> version), named by the cookie's cvrId.
-- In Postgres so every server instance can answer any pull; only the last few per group kept.
create table replicache_cvr (
  id text primary key,
  client_group_id text not null references replicache_client_group (id) on delete cascade,
  user_id text not null references "user" (id) on delete cascade,
  cookie_order integer not null,
  entries jsonb not null,
  -- clientID -> lastMutationID as this record's pull reported them.
  client_mutation_ids jsonb not null,
  -- The workspace change counters and notice marker the record was built from.
  fingerprint text not null,
  created_at timestamptz not null default now()
);
create index replicache_cvr_group_order_idx on replicache_cvr (client_group_id, cookie_order desc);

-- Refused mutations, told to their author through the pull (key notice/{id}); pruned.
create table sync_notice (
  id text primary key,
  seq bigint generated always as identity,
  user_id text not null references "user" (id) on delete cascade,
  mutation_name text not null,
  code text not null,
  message text not null,
  created_at timestamptz not null default now()
);
create index sync_notice_user_idx on sync_notice (user_id, seq);

create table workspace_change (
  workspace_id text primary key references "organization" (id) on delete cascade,
  counter bigint not null default 0
);

-- Row versions: any update of a row makes it a new version.
create function sync_bump_version() returns trigger language plpgsql as $$
begin
  new.version := old.version + 1;
  return new;
end $$;

create trigger project_version before update on project for each row execute function sync_bump_version();
create trigger label_version before update on label for each row execute function sync_bump_version();
create trigger task_version before update on task for each row execute function sync_bump_version();
create trigger comment_version before update on comment for each row execute function sync_bump_version();
create trigger activity_version before update on activity for each row execute function sync_bump_version();

-- A task's labels are part of its synced value: a change of task_label is a new task version.
create function sync_task_label_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    update task set version = version where id in (select task_id from old_rows);
  else
    update task set version = version where id in (select task_id from new_rows);
  end if;
  return null;
end $$;

create trigger task_label_insert after insert on task_label
  referencing new table as new_rows for each statement execute function sync_task_label_changed();
create trigger task_label_delete after delete on task_label
  referencing old table as old_rows for each statement execute function sync_task_label_changed();

-- Workspace change counters. The join on "organization" skips workspaces being deleted (their
-- counter row goes with them) and the upsert creates the row on first use.
create function sync_bump_workspaces(workspace_ids text[]) returns void language sql as $$
  insert into workspace_change (workspace_id, counter)
  select o.id, 1 from "organization" o where o.id = any (workspace_ids)
  on conflict (workspace_id) do update set counter = workspace_change.counter + 1;
$$;

create function sync_rows_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform sync_bump_workspaces(array(select distinct workspace_id from new_rows));
  elsif tg_op = 'UPDATE' then
    perform sync_bump_workspaces(array(
      select workspace_id from new_rows union select workspace_id from old_rows));
  else
    perform sync_bump_workspaces(array(select distinct workspace_id from old_rows));
  end if;
  return null;
end $$;

do $$
declare
  t text;
begin
  foreach t in array array['project', 'label', 'task', 'comment', 'activity'] loop
    execute format('create trigger %1$s_changed_insert after insert on %1$I
      referencing new table as new_rows for each statement execute function sync_rows_changed()', t);
    execute format('create trigger %1$s_changed_update after update on %1$I
      referencing new table as new_rows old table as old_rows
      for each statement execute function sync_rows_changed()', t);
    execute format('create trigger %1$s_changed_delete after delete on %1$I
      referencing old table as old_rows for each statement execute function sync_rows_changed()', t);
  end loop;
end $$;

-- better-auth's tables: workspace name/slug/logo, memberships and roles, members' names.
create function sync_organization_changed() returns trigger language plpgsql as $$
begin
  perform sync_bump_workspaces(array[new.id]);
  return null;
end $$;

create trigger organization_changed after insert or update on "organization"
  for each row execute function sync_organization_changed();

create function sync_member_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform sync_bump_workspaces(array[old."organizationId"]);
  else
    perform sync_bump_workspaces(array[new."organizationId"]);
  end if;
  return null;
end $$;

create trigger member_changed after insert or update or delete on member
  for each row execute function sync_member_changed();

create function sync_user_changed() returns trigger language plpgsql as $$
begin
  perform sync_bump_workspaces(array(
    select "organizationId" from member where "userId" = new.id));
  return null;
end $$;

create trigger user_changed after update of name, email, image on "user"
  for each row
  when (old.name is distinct from new.name or old.email is distinct from new.email
        or old.image is distinct from new.image)
  execute function sync_user_changed();
