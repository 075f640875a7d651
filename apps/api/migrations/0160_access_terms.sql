-- The access terms every portal user accepts before using the portal (data-operations sections 3
-- and 6, hasAcceptedAccessTermsAndConditions; decision 180). Each version is a row; the current one
-- is the newest published. An acceptance names the version and the time; a newer version asks again.
-- It replaces users.has_accepted_terms, which could not say which terms were accepted, or when.
create table access_terms (
  version text primary key,
  title text not null,
  body text not null,
  published_at timestamptz not null default now()
);
create index access_terms_published_idx on access_terms (published_at desc);

create table access_terms_acceptances (
  user_id uuid not null references users (id) on delete cascade,
  version text not null references access_terms (version),
  accepted_at timestamptz not null default now(),
  primary key (user_id, version)
);

alter table access_terms enable row level security;
alter table access_terms force row level security;
create policy system_all on access_terms to portal_system using (true) with check (true);
grant select, insert, update, delete on access_terms to portal_system;
-- Anyone signed in reads the terms.
create policy everyone_reads on access_terms for select to portal_app using (true);
grant select on access_terms to portal_app;

alter table access_terms_acceptances enable row level security;
alter table access_terms_acceptances force row level security;
create policy system_all on access_terms_acceptances to portal_system using (true) with check (true);
grant select, insert, update, delete on access_terms_acceptances to portal_system;
-- A user reads and records only their own acceptances.
create policy own_acceptances on access_terms_acceptances to portal_app
  using (user_id = app_user_id()) with check (user_id = app_user_id());
grant select, insert on access_terms_acceptances to portal_app;

-- Whether a caller has accepted is part of who the caller is (shared/auth/caller.ts): an acceptance
-- or a new version empties every process's cache of callers, like the other changes of migration 0070.
create trigger access_terms_announce_auth_change
  after insert or update or delete on access_terms
  for each statement execute function announce_auth_change();
create trigger access_terms_acceptances_announce_auth_change
  after insert or delete on access_terms_acceptances
  for each statement execute function announce_auth_change();

insert into access_terms (version, title, body, published_at) values (
  '2026-11-01',
  'Carrier Portal Access Terms',
  $terms$The Carrier Portal is operated by the brokerage for the carriers, factoring companies, drivers and customers it works with. Your account is personal: do not share your password, and sign out on a shared computer.

You may use the portal only for the freight business of your company: finding, booking and running loads, answering tenders and rate requests, raising accessorial requests, and following invoices and payments.

Rates, shipment details, documents and the names and contact details of people in the portal are confidential. Do not copy them out of the portal except to do the work they belong to, and never share another company's information.

What you enter must be true to your knowledge: stop times, counts, proof of delivery, invoice numbers and amounts. Records you enter are kept, with your name and the time, as part of the shipment and payment history.

The operator records how the portal is used, including the screens you open and what you do on them, to support you and to keep the portal secure. Passwords and the text you type into forms are masked in those records.

Access can be withdrawn when these terms are broken or when your company no longer works with the operator. When these terms change you will be asked to accept the new version before you continue.$terms$,
  '2026-11-01T00:00:00Z'
);

-- Users who had accepted before this migration accepted these terms.
insert into access_terms_acceptances (user_id, version, accepted_at)
  select id, '2026-11-01', updated_at from users where has_accepted_terms;
alter table users drop column has_accepted_terms;
