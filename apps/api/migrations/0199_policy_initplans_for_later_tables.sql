-- The policies written since 0071 (locations, orders, access terms, session replays, kept counts)
-- get the same treatment: each app_*() settings function written bare in a policy is wrapped in a
-- sub-select, evaluated once per statement as an InitPlan instead of once per row. Found by
-- db/policy-plans.test.ts on the /me query, whose access-terms check reads the acceptances table.
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
