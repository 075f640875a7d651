-- The shipments policy reads the caller's settings through app_*() functions. Written bare, they run
-- again for every row a query touches; wrapped in a sub-select they run once per query (an InitPlan).
-- Counting a carrier's 3,500 listed shipments went from about 30 ms to 5 ms on the 1,000,000-shipment
-- world. The rule itself is unchanged (migrations/0001_foundation.sql, docs/decisions/002).
alter policy tenant_all on shipments
  using (
    case when (select app_driver_id()) is not null then
      exists (select 1 from shipment_drivers d
               where d.shipment_id = shipments.id and d.driver_id = (select app_driver_id()))
    else
      (select app_is_operator())
      or carrier_company_id = any ((select app_carrier_ids())::uuid[])
      or customer_company_id = (select app_company_id())
      or (status = 1 and (select app_scope()) = 'carrier')
      or (status = 2 and exists (select 1 from tenders t
                                  where t.shipment_id = shipments.id
                                    and t.carrier_company_id = (select app_company_id())
                                    and t.status = 0))
    end)
  with check (
    (select app_is_operator())
    or carrier_company_id = (select app_company_id())
    or customer_company_id = (select app_company_id())
    or (carrier_company_id is null and (select app_scope()) = 'carrier'));
