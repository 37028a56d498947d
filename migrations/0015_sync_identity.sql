-- The identity of the database the server last ran on: the cluster's system identifier and the
-- database's oid (server/sync/restored.ts). A restore into another database changes it; the
-- server then drops the client view records and restamps rows whose transaction ids come from
-- the old cluster's future. One row at most.
create table sync_identity (
  only_row boolean primary key default true check (only_row),
  system_identifier text not null,
  database_oid oid not null
);
