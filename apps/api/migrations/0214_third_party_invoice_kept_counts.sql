-- The third-party invoice list's total, kept (issue 18, decision 265). Its default view, "Only Show
-- Auditable", counted every auditable invoice of the caller's party on each page: an index-only scan
-- that grows with the party's history (1,123 entries for billing@demo.test on the 1,000,000-shipment
-- world, a third of the statement's time). The database now keeps, in the transaction of every write
-- that changes them, how many auditable invoices (billing settings set) each party has in each
-- status, for the three parties the list is read by: the carrier that billed it, the factoring
-- company it is remitted to, and the operator of its shipment (migration 0040's visibility). The
-- list reads those few rows when no other filter than the status is set; other finds count live.
grant create on schema public to portal_system;

alter table kept_counts drop constraint kept_counts_subject_check;
alter table kept_counts add constraint kept_counts_subject_check
  check (subject in ('tenders', 'rate_requests', 'cases', 'third_party_invoices'));
alter table kept_counts drop constraint kept_counts_party_kind_check;
alter table kept_counts add constraint kept_counts_party_kind_check
  check (party_kind in ('carrier', 'customer', 'self_hauled', 'involved', 'factoring', 'operator'));

-- A factoring company never sees the other invoices of the carriers it factors (migration 0040), so
-- it reads its own invoice counts only, not those of its carriers; every other count as before.
drop policy tenant_read on kept_counts;
create policy tenant_read on kept_counts for select to portal_app
  using ((select app_is_operator())
         or party_id = (select app_company_id())
         or (subject <> 'third_party_invoices'
             and party_id = any ((select app_carrier_ids())::uuid[])));

-- Each auditable invoice counts for its carrier, its factoring company (when it has one) and its
-- operator, under its status.
create function kept_third_party_invoice_counts_add(p_deltas integer[], p_carriers uuid[], p_factors uuid[], p_operators uuid[], p_statuses text[])
  returns void
  language sql security definer set search_path = public
  as $$
    select kept_counts_add('third_party_invoices', array_agg(party.kind), array_agg(party.id),
                           array_agg(change.status), array_agg(change.delta))
      from unnest(p_deltas, p_carriers, p_factors, p_operators, p_statuses)
           as change (delta, carrier, factor, operator, status)
      cross join lateral (values ('carrier', change.carrier),
                                 ('factoring', change.factor),
                                 ('operator', change.operator)) as party (kind, id)
  $$;
alter function kept_third_party_invoice_counts_add(integer[], uuid[], uuid[], uuid[], text[]) owner to portal_system;

-- One statement per event, reading the transition tables its event has; invoices without billing
-- settings are not counted. An update takes each changed invoice out under its old values and puts it
-- back under its new ones (changes that cancel out write nothing).
create function kept_third_party_invoice_counts_update() returns trigger
  language plpgsql security definer set search_path = public
  as $$
  begin
    perform kept_third_party_invoice_counts_add(array_agg(change.delta), array_agg(change.carrier),
                                                array_agg(change.factor), array_agg(change.operator),
                                                array_agg(change.status))
       from (select -1 as delta, carrier_company_id as carrier, factoring_company_id as factor,
                    operator_company_id as operator, status
               from old_rows
              where billing_settings_id is not null
             union all
             select 1, carrier_company_id, factoring_company_id, operator_company_id, status
               from new_rows
              where billing_settings_id is not null) as change
     having count(*) > 0;
    return null;
  end
  $$;
alter function kept_third_party_invoice_counts_update() owner to portal_system;

create function kept_third_party_invoice_counts_insert() returns trigger
  language plpgsql security definer set search_path = public
  as $$
  begin
    perform kept_third_party_invoice_counts_add(array_agg(1), array_agg(carrier_company_id),
                                                array_agg(factoring_company_id),
                                                array_agg(operator_company_id), array_agg(status))
       from new_rows
      where billing_settings_id is not null
     having count(*) > 0;
    return null;
  end
  $$;
alter function kept_third_party_invoice_counts_insert() owner to portal_system;

create function kept_third_party_invoice_counts_delete() returns trigger
  language plpgsql security definer set search_path = public
  as $$
  begin
    perform kept_third_party_invoice_counts_add(array_agg(-1), array_agg(carrier_company_id),
                                                array_agg(factoring_company_id),
                                                array_agg(operator_company_id), array_agg(status))
       from old_rows
      where billing_settings_id is not null
     having count(*) > 0;
    return null;
  end
  $$;
alter function kept_third_party_invoice_counts_delete() owner to portal_system;

create trigger kept_counts_insert after insert on third_party_invoices
  referencing new table as new_rows
  for each statement execute function kept_third_party_invoice_counts_insert();
create trigger kept_counts_update after update on third_party_invoices
  referencing old table as old_rows new table as new_rows
  for each statement execute function kept_third_party_invoice_counts_update();
create trigger kept_counts_delete after delete on third_party_invoices
  referencing old table as old_rows
  for each statement execute function kept_third_party_invoice_counts_delete();

-- The invoices already there.
insert into kept_counts (subject, party_kind, party_id, status, item_count)
select 'third_party_invoices', party.kind, party.id, invoice.status, count(*)
  from third_party_invoices invoice
  cross join lateral (values ('carrier', invoice.carrier_company_id),
                             ('factoring', invoice.factoring_company_id),
                             ('operator', invoice.operator_company_id)) as party (kind, id)
 where invoice.billing_settings_id is not null and party.id is not null
 group by party.kind, party.id, invoice.status;

revoke create on schema public from portal_system;
