-- Every mail the server sends without SMTP lands here, so a person running locally (and the
-- tests) can follow verification, reset, magic-link and invitation links.
create table mail_outbox (
  id bigserial primary key,
  kind text not null,
  recipient text not null,
  subject text not null,
  body text not null,
  url text,
  created_at timestamptz not null default now()
);
create index mail_outbox_recipient_idx on mail_outbox (lower(recipient), id desc);
