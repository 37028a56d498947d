-- Concurrent pushes into one workspace all bumped the same workspace_change row, and under
-- SERIALIZABLE every second writer failed with 40001 and retried: 8 browsers pushing into one
-- workspace got about 10 mutations/s through (npm run bench). The counter is now spread over
-- rows keyed by the writing connection (pg_backend_pid), so transactions on different
-- connections never touch the same counter row. The workspace's counter is the sum of its rows:
-- every row only grows, so the sum moves on every write, which is all a pull's fast path needs.
alter table workspace_change drop constraint workspace_change_pkey;
alter table workspace_change add column shard integer not null default 0;
alter table workspace_change add primary key (workspace_id, shard);

create or replace function sync_bump_workspaces(workspace_ids text[]) returns void language sql as $$
  insert into workspace_change (workspace_id, shard, counter)
  select o.id, pg_backend_pid() % 256, 1 from "organization" o where o.id = any (workspace_ids)
  on conflict (workspace_id, shard) do update set counter = workspace_change.counter + 1;
$$;
