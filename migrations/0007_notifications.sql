-- Notifications, task subscriptions and mail settings (issue 15; server/notifications/README.md).
--
-- A notification is written by the server for one recipient, in the transaction of the change
-- that caused it (the push), by the due-date job, or by the triggers below for invitations. It
-- syncs only into its recipient's store (key notification/{id}); like product rows it carries
-- `tx`, the transaction that last wrote it, and a delete leaves a tombstone of its own, so a
-- pull reads only the person's notifications its snapshot did not see (server/sync/pull.ts).

create table notification (
  id text primary key,
  -- The recipient.
  user_id text not null references "user" (id) on delete cascade,
  workspace_id text not null references "organization" (id) on delete cascade,
  -- A deleted task takes its notifications with it.
  task_id text references task (id) on delete cascade,
  kind text not null check (kind in ('assigned', 'unassigned', 'mentioned', 'comment', 'status',
    'priority', 'due-date', 'due-soon', 'overdue', 'invitation')),
  actor_id text references "user" (id) on delete set null,
  -- What a reader needs to say what happened, as it was then: projectId, taskKey, taskTitle,
  -- from, to, commentId, excerpt, workspaceName, invitationId (shared/entities.ts).
  data jsonb not null default '{}',
  -- When it happened (the person's action, as activity keeps it).
  created_at timestamptz not null,
  read_at timestamptz,
  archived_at timestamptz,
  -- Mail: when it was written here, and when a mail carried it (or it was let go unmailed).
  queued_at timestamptz not null default now(),
  mailed_at timestamptz,
  -- Makes a job's notification once-only: due-soon:{taskId}:{date}, invitation:{id}.
  dedupe_key text,
  tx xid8 not null default pg_current_xact_id()
);
create index notification_user_tx_idx on notification (user_id, tx);
create index notification_user_workspace_idx on notification (user_id, workspace_id);
create index notification_task_idx on notification (task_id);
create unique index notification_dedupe_idx on notification (user_id, dedupe_key)
  where dedupe_key is not null;
create index notification_unmailed_idx on notification (user_id, queued_at) where mailed_at is null;
create index notification_archived_idx on notification (archived_at) where archived_at is not null;

create function notification_touched() returns trigger language plpgsql as $$
begin
  new.tx := pg_current_xact_id();
  return new;
end $$;
-- Mail bookkeeping alone changes nothing the recipient sees.
create trigger notification_tx before update on notification for each row
  when (old.read_at is distinct from new.read_at or old.archived_at is distinct from new.archived_at
        or old.data is distinct from new.data)
  execute function notification_touched();

-- Deleted notifications (archived and pruned, the task deleted, the recipient removed from the
-- workspace), so that the recipient's clients are told. Pruned with sync_tombstone.
create table notification_tombstone (
  user_id text not null,
  id text not null,
  tx xid8 not null default pg_current_xact_id(),
  created_at timestamptz not null default now()
);
create index notification_tombstone_user_tx_idx on notification_tombstone (user_id, tx);
create index notification_tombstone_created_idx on notification_tombstone (created_at);

create function notification_deleted() returns trigger language plpgsql as $$
begin
  insert into notification_tombstone (user_id, id) select user_id, id from old_rows;
  return null;
end $$;
create trigger notification_deleted after delete on notification referencing old table as old_rows
  for each statement execute function notification_deleted();

-- Who follows a task: its creator, assignees, commenters, people mentioned, and whoever pressed
-- Subscribe. A product row of the workspace (key subscriber/{taskId}/{userId}), synced to every
-- member like comments are; `id` only orders a first pull's pages.
create table task_subscriber (
  id text primary key,
  workspace_id text not null references "organization" (id) on delete cascade,
  task_id text not null references task (id) on delete cascade,
  user_id text not null references "user" (id) on delete cascade,
  created_at timestamptz not null,
  version integer not null default 1,
  tx xid8 not null default pg_current_xact_id(),
  constraint task_subscriber_once unique (task_id, user_id)
);
create index task_subscriber_workspace_tx_idx on task_subscriber (workspace_id, tx);
create index task_subscriber_workspace_id_idx on task_subscriber (workspace_id, id);
create index task_subscriber_user_idx on task_subscriber (user_id, workspace_id);

create trigger task_subscriber_version before update on task_subscriber for each row
  execute function sync_bump_version();
create trigger task_subscriber_changed_insert after insert on task_subscriber
  referencing new table as new_rows for each statement execute function sync_rows_changed();
create trigger task_subscriber_changed_update after update on task_subscriber
  referencing new table as new_rows old table as old_rows
  for each statement execute function sync_rows_changed();
create trigger task_subscriber_changed_delete after delete on task_subscriber
  referencing old table as old_rows for each statement execute function sync_rows_changed();

create function task_subscriber_deleted() returns trigger language plpgsql as $$
begin
  insert into sync_tombstone (workspace_id, kind, row_id, key)
  select workspace_id, 'subscriber', id, 'subscriber/' || task_id || '/' || user_id from old_rows;
  return null;
end $$;
create trigger task_subscriber_deleted after delete on task_subscriber
  referencing old table as old_rows for each statement execute function task_subscriber_deleted();

-- Tasks that exist already: their creators and assignees (still members) follow them.
insert into task_subscriber (id, workspace_id, task_id, user_id, created_at)
select gen_random_uuid()::text, t.workspace_id, t.id, f.user_id, t.created_at
from task t
cross join lateral (values (t.created_by), (t.assignee_id)) as f(user_id)
where f.user_id is not null
  and exists (select 1 from member m
    where m."organizationId" = t.workspace_id and m."userId" = f.user_id)
on conflict (task_id, user_id) do nothing;

-- A person removed from a workspace (or leaving it) loses its notifications and subscriptions
-- there; the tombstones take them out of their browsers on the next pull.
create function member_removed() returns trigger language plpgsql as $$
begin
  delete from notification where user_id = old."userId" and workspace_id = old."organizationId";
  delete from task_subscriber where user_id = old."userId" and workspace_id = old."organizationId";
  return null;
end $$;
create trigger member_removed after delete on member for each row
  execute function member_removed();

-- Invitations: a notification for the invited person, now if they have an account, else when
-- they sign up with that address. Written here so every way an invitation is made counts.
create function invitation_notification(invitation_id text, recipient_id text) returns void
language sql as $$
  insert into notification (id, user_id, workspace_id, kind, actor_id, data, created_at, dedupe_key)
  select gen_random_uuid()::text, recipient_id, i."organizationId", 'invitation', i."inviterId",
    jsonb_build_object('workspaceName', o.name, 'invitationId', i.id), i."createdAt",
    'invitation:' || i.id
  from invitation i join "organization" o on o.id = i."organizationId"
  where i.id = invitation_id
  on conflict (user_id, dedupe_key) where dedupe_key is not null do nothing;
$$;

create function invitation_created() returns trigger language plpgsql as $$
begin
  if new.status = 'pending' then
    perform invitation_notification(new.id, u.id)
    from "user" u where lower(u.email) = lower(new.email);
  end if;
  return null;
end $$;
create trigger invitation_created after insert on invitation for each row
  execute function invitation_created();

create function user_created_invitations() returns trigger language plpgsql as $$
begin
  perform invitation_notification(i.id, new.id)
  from invitation i
  where lower(i.email) = lower(new.email) and i.status = 'pending' and i."expiresAt" > now();
  return null;
end $$;
create trigger user_created_invitations after insert on "user" for each row
  execute function user_created_invitations();

-- Mail settings per person; no row means the defaults. `direct`: assignments and mentions
-- (instant, hourly, daily, off); `other`: everything else (hourly, daily, off).
create table notification_settings (
  user_id text primary key references "user" (id) on delete cascade,
  direct text not null default 'instant' check (direct in ('instant', 'hourly', 'daily', 'off')),
  other text not null default 'daily' check (other in ('hourly', 'daily', 'off')),
  updated_at timestamptz not null default now()
);

-- The dev outbox keeps the headers a mail was sent with (List-Unsubscribe).
alter table mail_outbox add column headers jsonb not null default '{}';
