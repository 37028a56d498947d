-- The order of the last cookie handed to a client group moves out of the group's row into a
-- row of its own. A push locks the group's row for its whole transaction (pushes of one group
-- run one after the other); a pull used to write the order there, and pulls are served in waves
-- that hold their writes until the wave commits (server/sync/pull-waves.ts), so at 200 clients
-- nearly every push waited for a wave: 4 ms a push on average, seconds at the tail. Now a pull
-- writes only this table and its records, and a push's lock (for no key update) lets the
-- records' foreign-key checks (key share) pass.
create table replicache_cookie (
  client_group_id text primary key references replicache_client_group (id) on delete cascade,
  -- The next cookie's order is max(the cookie's, this) + 1, so it never goes backwards.
  cvr_version integer not null
);
insert into replicache_cookie (client_group_id, cvr_version)
  select id, cvr_version from replicache_client_group where cvr_version > 0;
alter table replicache_client_group drop column cvr_version;
