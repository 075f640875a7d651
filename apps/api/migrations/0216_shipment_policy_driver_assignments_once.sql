-- A driver session sees the shipments it is assigned to (migration 0051). The policy asked that with
-- an EXISTS on shipment_drivers, which PostgreSQL plans as a hashed sub-plan; every statement that
-- reads shipments, for every caller, set that sub-plan up (its hash table's expressions, its scan
-- under shipment_drivers' own policy), though only a driver's statements ever run it. Quick search
-- reads shipments four times, so it set it up four times (issue 18, decision 267).
--
-- The driver's assigned shipments are now one array, read once per statement (an InitPlan, like the
-- caller's other settings) and only when a driver's statement first needs it; each row is then
-- found in it. The rule is unchanged: the assignments are read under shipment_drivers' policy, as
-- before. app_driver_shipment_ids() is PL/pgSQL so that its statement is planned once per connection.
create function app_driver_shipment_ids() returns uuid[]
  language plpgsql stable
  as $$
  begin
    return coalesce((select array_agg(d.shipment_id)
                       from shipment_drivers d
                      where d.driver_id = app_driver_id()), '{}');
  end
  $$;

alter policy tenant_all on shipments
  using (
    case when (select app_driver_id()) is not null then
      id = any ((select app_driver_shipment_ids())::uuid[])
    else
      (select app_is_operator())
      or carrier_company_id = any ((select app_carrier_ids())::uuid[])
      or customer_company_id = (select app_company_id())
      or (status = 1 and (select app_scope()) = 'carrier')
      or (status = 2 and exists (select 1 from tenders t
                                  where t.shipment_id = shipments.id
                                    and t.carrier_company_id = (select app_company_id())
                                    and t.status = 0))
    end);
