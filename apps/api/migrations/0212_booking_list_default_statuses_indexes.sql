-- The booking list's first page in one run per party (issue 18).
--
-- The shipment lists read each branch and status on its own (party, status, pickup_at, number)
-- index and merge the runs (migration 0208, decision 243). The booking list's default statuses are
-- five (Booked, Dispatched, In Transit, At Stop, Delivered: DEFAULT_SHIPMENT_LIST_STATUSES), so a
-- carrier's first page was five runs, and each run brings the shipments' row-level security policy
-- with it, set up again on every execution: most of the statement's cost on the large world. These
-- indexes hold a party's shipments in exactly those statuses in the list's order, so that page is one
-- run per party. They cover the freight under way, a small part of each party's history.
create index shipments_carrier_booking_default_idx
  on shipments (carrier_company_id, pickup_at desc, shipment_number desc)
  where carrier_company_id is not null and status in (3, 4, 5, 6, 7);
create index shipments_customer_booking_default_idx
  on shipments (customer_company_id, pickup_at desc, shipment_number desc)
  where status in (3, 4, 5, 6, 7);
create index shipments_operator_booking_default_idx
  on shipments (operator_company_id, pickup_at desc, shipment_number desc)
  where status in (3, 4, 5, 6, 7);
