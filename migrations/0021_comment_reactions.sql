-- Emoji reactions on comments (server/sync/README.md "Reactions"). A product row of the
-- workspace, synced with its task's comments under
-- reaction/{taskId}/{commentId}/{userId}/{emoji}: the key is the reaction, so one person's
-- emoji on a comment is one row, however many browsers add it. `id` only orders a first pull's
-- pages. Gone with its comment (and so with its task, project and workspace) and with the
-- person's account; a member who leaves keeps their reactions, as they keep their comments.
create table comment_reaction (
  id text primary key default gen_random_uuid()::text,
  workspace_id text not null references "organization" (id) on delete cascade,
  task_id text not null references task (id) on delete cascade,
  comment_id text not null references comment (id) on delete cascade,
  user_id text not null references "user" (id) on delete cascade,
  -- One emoji (shared/reaction-emoji.ts checks it); never a `/`, since it ends the key.
  emoji text not null check (length(emoji) between 1 and 32 and strpos(emoji, '/') = 0),
  created_at timestamptz not null,
  version integer not null default 1,
  tx xid8 not null default pg_current_xact_id(),
  constraint comment_reaction_once unique (comment_id, user_id, emoji)
);
create index comment_reaction_workspace_tx_idx on comment_reaction (workspace_id, tx);
create index comment_reaction_workspace_id_idx on comment_reaction (workspace_id, id);
create index comment_reaction_task_idx on comment_reaction (task_id);
create index comment_reaction_user_idx on comment_reaction (user_id);

create trigger comment_reaction_version before update on comment_reaction for each row
  execute function sync_bump_version();
create trigger comment_reaction_changed_insert after insert on comment_reaction
  referencing new table as new_rows for each statement execute function sync_rows_changed();
create trigger comment_reaction_changed_update after update on comment_reaction
  referencing new table as new_rows old table as old_rows
  for each statement execute function sync_rows_changed();
create trigger comment_reaction_changed_delete after delete on comment_reaction
  referencing old table as old_rows for each statement execute function sync_rows_changed();

create function comment_reaction_deleted() returns trigger language plpgsql as $$
begin
  insert into sync_tombstone (workspace_id, kind, row_id, key)
  select workspace_id, 'reaction', id,
    'reaction/' || task_id || '/' || comment_id || '/' || user_id || '/' || emoji
  from old_rows;
  return null;
end $$;
create trigger comment_reaction_deleted after delete on comment_reaction
  referencing old table as old_rows for each statement execute function comment_reaction_deleted();
