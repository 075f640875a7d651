-- Documents and notes: the lookups their lists need, and idempotent uploads and note writes.

-- Proof of delivery is found by its order stop when required documents are matched.
create index documents_order_stop_idx on documents (order_stop_id, file_type)
  where deleted_at is null and order_stop_id is not null;
create index required_documents_ap_invoice_idx on required_documents (ap_invoice_id)
  where ap_invoice_id is not null;
-- "Notes that mention me".
create index note_mentions_user_idx on note_mentions (user_id);

-- A write that a retry could double (an upload, a note) carries an Idempotency-Key; the first
-- answer is kept for a day and replayed to the same user for the same key.
create table idempotency_keys (
  user_id uuid not null references users (id) on delete cascade,
  idempotency_key text not null check (char_length(idempotency_key) between 1 and 200),
  company_id uuid not null references companies (id),
  request_path text not null,
  response_status smallint not null,
  response_body jsonb not null,
  created_at timestamptz not null default now(),
  primary key (user_id, idempotency_key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);

alter table idempotency_keys enable row level security;
alter table idempotency_keys force row level security;
create policy system_all on idempotency_keys to portal_system using (true) with check (true);
create policy tenant_all on idempotency_keys to portal_app
  using (user_id = app_user_id())
  with check (user_id = app_user_id() and company_id = app_company_id());
grant select, insert, update, delete on idempotency_keys to portal_system;
grant select, insert, delete on idempotency_keys to portal_app;
