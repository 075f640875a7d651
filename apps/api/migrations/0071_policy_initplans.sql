-- Every row-level-security policy reads the caller's settings once per statement, not once per row:
-- each app_*() settings function written bare in a policy is wrapped in a sub-select, which PostgreSQL
-- evaluates once as an InitPlan (what 0051 did by hand for shipments, here for every other policy).
-- Bare, the functions also make the planner price the policy as a costly per-row filter, so it
-- turned away from the composite indexes (the third-party invoices' (carrier, created_at, id)).
-- The rules themselves do not change: the policies are re-created from their own text with only
-- the calls wrapped. Policies already wrapped (shipments, orders, shipment_status_counts) are left
-- as they are. app_carrier_ids() keeps a cast so that `= any (...)` reads it as an array, not as a
-- sub-query's rows. The test db/policy-plans.test.ts EXPLAINs the hot queries and fails if one of
-- these functions is evaluated per row again.
do $$
declare
  policy record;
  using_clause text;
  check_clause text;
begin
  for policy in
    select schemaname, tablename, policyname, qual, with_check
      from pg_policies
     where schemaname = current_schema()
       and (qual ~ '\mapp_(company_id|user_id|scope|carrier_ids|driver_id|is_operator)\(\)'
            or with_check ~ '\mapp_(company_id|user_id|scope|carrier_ids|driver_id|is_operator)\(\)')
       and coalesce(qual, '') !~ 'SELECT app_(company_id|user_id|scope|carrier_ids|driver_id|is_operator)\('
       and coalesce(with_check, '') !~ 'SELECT app_(company_id|user_id|scope|carrier_ids|driver_id|is_operator)\('
  loop
    using_clause := regexp_replace(
      regexp_replace(policy.qual, '\mapp_(company_id|user_id|scope|driver_id|is_operator)\(\)',
                     '(select app_\1())', 'g'),
      '\mapp_carrier_ids\(\)', '(select app_carrier_ids())::uuid[]', 'g');
    check_clause := regexp_replace(
      regexp_replace(policy.with_check, '\mapp_(company_id|user_id|scope|driver_id|is_operator)\(\)',
                     '(select app_\1())', 'g'),
      '\mapp_carrier_ids\(\)', '(select app_carrier_ids())::uuid[]', 'g');
    execute format('alter policy %I on %I.%I', policy.policyname, policy.schemaname, policy.tablename)
         || case when using_clause is null then '' else format(' using (%s)', using_clause) end
         || case when check_clause is null then '' else format(' with check (%s)', check_clause) end;
  end loop;
end $$;

-- The documents' and notes' policies call these per row; PostgreSQL inlines them into the query,
-- where the wrapped settings become InitPlans too. Same rules as 0001.
create or replace function app_can_see_entity(
  p_company_id uuid, p_shipment_id uuid, p_order_id uuid, p_case_id uuid,
  p_ap_invoice_id uuid, p_third_party_invoice_id uuid) returns boolean
  language sql stable
  as $$
    select case
      when p_third_party_invoice_id is not null then exists (select 1 from third_party_invoices i where i.id = p_third_party_invoice_id)
      when p_ap_invoice_id is not null then exists (select 1 from ap_invoices i where i.id = p_ap_invoice_id)
      when p_case_id is not null then exists (select 1 from cases c where c.id = p_case_id)
      when p_shipment_id is not null then exists (select 1 from shipments s where s.id = p_shipment_id)
      when p_order_id is not null then exists (select 1 from orders o where o.id = p_order_id)
                                     or exists (select 1 from shipments s where s.order_id = p_order_id)
      else (select app_is_operator()) or p_company_id = (select app_company_id())
    end
  $$;

create or replace function app_can_see_note_entity(p_entity_type smallint, p_entity_id uuid, p_company_id uuid) returns boolean
  language sql stable
  as $$
    select case p_entity_type
      when 1 then exists (select 1 from orders o where o.id = p_entity_id)
      when 5 then exists (select 1 from shipments s where s.id = p_entity_id)
      when 6 then exists (select 1 from cases c where c.id = p_entity_id)
      when 9 then exists (select 1 from ap_invoices i where i.id = p_entity_id)
      when 17 then exists (select 1 from third_party_invoices i where i.id = p_entity_id)
      else (select app_is_operator()) or p_company_id = (select app_company_id())
    end
  $$;

-- The cases a company is involved in: the setting read once per call.
create or replace function app_involved_case_ids() returns setof uuid
  language sql stable security definer
  set search_path = public
  as $$ select case_id from case_involved_parties where company_id = (select app_company_id()) $$;
