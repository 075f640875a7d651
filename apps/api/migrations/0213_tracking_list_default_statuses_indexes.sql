-- The tracking list's first page in one run per party, as migration 0212 did for the booking list:
-- a party's shipments in the default statuses (Booked, Dispatched, In Transit, At Stop, Delivered)
-- in the tracking list's order, the most overdue update first.
create index shipments_carrier_tracking_default_idx
  on shipments (carrier_company_id, next_update_due_at asc nulls last, pickup_at desc, shipment_number desc)
  where carrier_company_id is not null and status in (3, 4, 5, 6, 7);
create index shipments_customer_tracking_default_idx
  on shipments (customer_company_id, next_update_due_at asc nulls last, pickup_at desc, shipment_number desc)
  where status in (3, 4, 5, 6, 7);
create index shipments_operator_tracking_default_idx
  on shipments (operator_company_id, next_update_due_at asc nulls last, pickup_at desc, shipment_number desc)
  where status in (3, 4, 5, 6, 7);
