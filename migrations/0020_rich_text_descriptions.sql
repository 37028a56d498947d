-- Descriptions in rich text (issue 45): a description's document now holds a Y.XmlFragment
-- (shared/description-doc.ts). A document stored before holds only a Y.Text of markdown; the
-- server gives each one its fragment once, at start (server/sync/description-migration.ts),
-- and marks it here. Every document written since is written with its fragment.
alter table description_doc add column rich_text boolean not null default false;
create index description_doc_plain_idx on description_doc (id) where not rich_text;
