-- Migration 0165 took CREATE on schema public from portal_system, and PostgreSQL asks that right of
-- a function's new owner: the owner lends it to portal_system while this migration hands it its
-- functions, and takes it back at the end (decision 217; this text corrects the first one, which
-- needed a superuser on a new database).
grant create on schema public to portal_system;

-- How many tenders, rate requests and cases each party has in each status, kept by the database
-- itself in the transaction of every write that changes them (decision 195), so the navigation's and
-- the dashboard's counts read a few rows however long the history grows. Like the shipment counts of
-- migration 0053:
--   tenders and rate requests: per carrier, per customer, and 'self_hauled' for a company that is both
--     (so a caller that reads both sides counts such a row once);
--   cases: per involved company ('involved'), by the status group users see.
-- The operator's counts (its shipments' tenders, requests and cases), a driver's, and filtered counts
-- are still counted live.
create table kept_counts (
  subject text not null check (subject in ('tenders', 'rate_requests', 'cases')),
  party_kind text not null check (party_kind in ('carrier', 'customer', 'self_hauled', 'involved')),
  party_id uuid not null,
  status text not null,
  item_count bigint not null,
  primary key (subject, party_kind, party_id, status)
);
alter table kept_counts enable row level security;
alter table kept_counts force row level security;
create policy system_all on kept_counts to portal_system using (true) with check (true);
-- A tenant reads the counts of the parties it is (itself, or the carriers it factors); the operator all.
create policy tenant_read on kept_counts for select to portal_app
  using ((select app_is_operator())
         or party_id = (select app_company_id())
         or party_id = any ((select app_carrier_ids())::uuid[]));
grant select on kept_counts to portal_app;
grant select, insert, update, delete on kept_counts to portal_system;

-- Adds signed changes to the counts: one row per key, written in key order so that concurrent
-- transactions lock the counter rows in the same order; changes that cancel out write nothing.
create function kept_counts_add(p_subject text, p_kinds text[], p_parties uuid[], p_statuses text[], p_deltas integer[])
  returns void
  language sql security definer set search_path = public
  as $$
    insert into kept_counts as counts (subject, party_kind, party_id, status, item_count)
    select p_subject, change.kind, change.party, change.status, sum(change.delta)
      from unnest(p_kinds, p_parties, p_statuses, p_deltas) as change (kind, party, status, delta)
     where change.party is not null
     group by change.kind, change.party, change.status
    having sum(change.delta) <> 0
     order by change.kind, change.party, change.status
    on conflict (subject, party_kind, party_id, status)
      do update set item_count = counts.item_count + excluded.item_count
  $$;
alter function kept_counts_add(text, text[], uuid[], text[], integer[]) owner to portal_system;

-- Tenders and rate requests: each row counts for its carrier, its customer, and as self_hauled when
-- the two are one company.
create function kept_party_counts_add(p_subject text, p_deltas integer[], p_carriers uuid[], p_customers uuid[], p_statuses text[])
  returns void
  language sql security definer set search_path = public
  as $$
    select kept_counts_add(p_subject, array_agg(party.kind), array_agg(party.id),
                           array_agg(change.status), array_agg(change.delta))
      from unnest(p_deltas, p_carriers, p_customers, p_statuses) as change (delta, carrier, customer, status)
      cross join lateral (values ('carrier', change.carrier),
                                 ('customer', change.customer),
                                 ('self_hauled', case when change.carrier = change.customer then change.customer end))
                         as party (kind, id)
  $$;
alter function kept_party_counts_add(text, integer[], uuid[], uuid[], text[]) owner to portal_system;

-- One statement per event, reading only the transition tables its event has.
create function kept_party_counts_apply() returns trigger
  language plpgsql security definer set search_path = public
  as $$
  begin
    if tg_op = 'INSERT' then
      perform kept_party_counts_add(tg_table_name, array_agg(1), array_agg(carrier_company_id),
                                    array_agg(customer_company_id), array_agg(status::text))
         from new_rows;
    elsif tg_op = 'DELETE' then
      perform kept_party_counts_add(tg_table_name, array_agg(-1), array_agg(carrier_company_id),
                                    array_agg(customer_company_id), array_agg(status::text))
         from old_rows;
    else
      perform kept_party_counts_add(tg_table_name, array_agg(change.delta), array_agg(change.carrier),
                                    array_agg(change.customer), array_agg(change.status))
         from (select -1 as delta, carrier_company_id as carrier, customer_company_id as customer,
                      status::text as status
                 from old_rows
               union all
               select 1, carrier_company_id, customer_company_id, status::text from new_rows) as change;
    end if;
    return null;
  end
  $$;
alter function kept_party_counts_apply() owner to portal_system;

create trigger kept_counts_insert after insert on tenders
  referencing new table as new_rows for each statement execute function kept_party_counts_apply();
create trigger kept_counts_update after update on tenders
  referencing old table as old_rows new table as new_rows
  for each statement execute function kept_party_counts_apply();
create trigger kept_counts_delete after delete on tenders
  referencing old table as old_rows for each statement execute function kept_party_counts_apply();
create trigger kept_counts_insert after insert on rate_requests
  referencing new table as new_rows for each statement execute function kept_party_counts_apply();
create trigger kept_counts_update after update on rate_requests
  referencing old table as old_rows new table as new_rows
  for each statement execute function kept_party_counts_apply();
create trigger kept_counts_delete after delete on rate_requests
  referencing old table as old_rows for each statement execute function kept_party_counts_apply();

-- Cases: a case counts for each involved company under its status group. A party added or removed
-- moves its case's count; a case whose status group changes moves it for all its parties. A case
-- deleted takes its parties' counts with it before its parties go (their own trigger then finds no
-- case and changes nothing).
create function kept_case_party_counts_apply() returns trigger
  language plpgsql security definer set search_path = public
  as $$
  begin
    if tg_op in ('INSERT', 'UPDATE') then
      perform kept_counts_add('cases', array_agg('involved'::text), array_agg(party.company_id),
                              array_agg(c.status_group), array_agg(1))
         from new_rows party join cases c on c.id = party.case_id;
    end if;
    if tg_op in ('DELETE', 'UPDATE') then
      perform kept_counts_add('cases', array_agg('involved'::text), array_agg(party.company_id),
                              array_agg(c.status_group), array_agg(-1))
         from old_rows party join cases c on c.id = party.case_id;
    end if;
    return null;
  end
  $$;
alter function kept_case_party_counts_apply() owner to portal_system;

create function kept_case_counts_apply() returns trigger
  language plpgsql security definer set search_path = public
  as $$
  begin
    if tg_op = 'DELETE' then
      perform kept_counts_add('cases', array_agg('involved'::text), array_agg(party.company_id),
                              array_agg(old.status_group), array_agg(-1))
         from case_involved_parties party where party.case_id = old.id;
      return old;
    end if;
    perform kept_counts_add('cases', array_agg('involved'::text), array_agg(party.company_id),
                            array_agg(change.status_group), array_agg(change.delta))
       from (select -1 as delta, id, status_group from old_rows
             union all
             select 1, id, status_group from new_rows) as change
       join case_involved_parties party on party.case_id = change.id;
    return null;
  end
  $$;
alter function kept_case_counts_apply() owner to portal_system;

create trigger kept_counts_insert after insert on case_involved_parties
  referencing new table as new_rows for each statement execute function kept_case_party_counts_apply();
create trigger kept_counts_update after update on case_involved_parties
  referencing old table as old_rows new table as new_rows
  for each statement execute function kept_case_party_counts_apply();
create trigger kept_counts_delete after delete on case_involved_parties
  referencing old table as old_rows for each statement execute function kept_case_party_counts_apply();
create trigger kept_counts_update after update on cases
  referencing old table as old_rows new table as new_rows
  for each statement execute function kept_case_counts_apply();
create trigger kept_counts_delete before delete on cases
  for each row execute function kept_case_counts_apply();

-- The rows already there.
insert into kept_counts (subject, party_kind, party_id, status, item_count)
select subject, party.kind, party.id, status, count(*)
  from (select 'tenders' as subject, carrier_company_id as carrier, customer_company_id as customer,
               status::text as status
          from tenders
        union all
        select 'rate_requests', carrier_company_id, customer_company_id, status from rate_requests) as row_
  cross join lateral (values ('carrier', row_.carrier),
                             ('customer', row_.customer),
                             ('self_hauled', case when row_.carrier = row_.customer then row_.customer end))
                     as party (kind, id)
 where party.id is not null
 group by subject, party.kind, party.id, status;
insert into kept_counts (subject, party_kind, party_id, status, item_count)
select 'cases', 'involved', party.company_id, c.status_group, count(*)
  from case_involved_parties party join cases c on c.id = party.case_id
 group by party.company_id, c.status_group;

revoke create on schema public from portal_system;
