-- Every pull drops its person's client view records past their age (pruneCvrs in
-- server/sync/data.ts), by user_id and created_at. Without an index that was a scan of every
-- record of every person, once per pull: at 200 clients a wave's 200 scans held its COMMIT back.
-- The same index serves the cascade when a user is deleted.
create index replicache_cvr_user_created_idx on replicache_cvr (user_id, created_at);
