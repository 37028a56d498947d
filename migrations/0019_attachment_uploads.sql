-- Where the signed upload URL of an attachment writes (server/attachments/README.md,
-- "Uploads"): a key of that one URL's own, never the key the file is served from. Issuing a
-- URL replaces the row; `complete` moves the checked bytes to the served key and deletes it,
-- as deleting the attachment does. A PUT to a URL whose row is gone (completed, replaced,
-- deleted) writes nowhere anyone reads, and the purge sweeps it.
create table attachment_upload (
  attachment_id text primary key references attachment (id) on delete cascade,
  storage_key text not null unique,
  issued_at timestamptz not null default now()
);
