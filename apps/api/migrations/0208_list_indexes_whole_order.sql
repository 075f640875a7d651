-- The shipment lists' indexes in the lists' whole order (issue 18, decision 243).
--
-- The booking and tracking lists read each branch and status on its own index, cut at the rows the
-- page needs, and merge the runs. The indexes ended at pickup_at, the lists' order goes on to the
-- shipment number: each run sorted every shipment sharing its first pickup time before it gave one
-- (an incremental sort), and pickup times cluster on appointment hours. The booking list of
-- carrier@demo.test read 189 index entries, heap rows and policy checks for the 54 it used. With the
-- number in the index, a run reads what it gives.
drop index shipments_carrier_status_idx;
create index shipments_carrier_status_idx
  on shipments (carrier_company_id, status, pickup_at desc, shipment_number desc)
  where carrier_company_id is not null;
drop index shipments_customer_status_idx;
create index shipments_customer_status_idx
  on shipments (customer_company_id, status, pickup_at desc, shipment_number desc);
drop index shipments_operator_status_idx;
create index shipments_operator_status_idx
  on shipments (operator_company_id, status, pickup_at desc, shipment_number desc);

drop index shipments_carrier_status_due_idx;
create index shipments_carrier_status_due_idx
  on shipments (carrier_company_id, status, next_update_due_at, pickup_at desc, shipment_number desc)
  where carrier_company_id is not null;
drop index shipments_customer_status_due_idx;
create index shipments_customer_status_due_idx
  on shipments (customer_company_id, status, next_update_due_at, pickup_at desc, shipment_number desc);
drop index shipments_operator_status_due_idx;
create index shipments_operator_status_due_idx
  on shipments (operator_company_id, status, next_update_due_at, pickup_at desc, shipment_number desc);
