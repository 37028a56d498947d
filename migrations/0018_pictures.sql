-- People's pictures and workspaces' logos, stored here (server/pictures/): small squares the
-- browser made, a few KB each, served from /api/pictures/{id}. Addresses of other servers,
-- which told those servers who looked at whom, are dropped: the people upload theirs.
create table picture (
  id uuid primary key,
  owner_id text not null references "user" (id) on delete cascade,
  type text not null,
  bytes bytea not null,
  created_at timestamptz not null default now()
);
create index picture_owner_idx on picture (owner_id, created_at);

update "user" set image = null where image is not null and image !~ '^/api/pictures/';
update organization set logo = null where logo is not null and logo !~ '^/api/pictures/';
