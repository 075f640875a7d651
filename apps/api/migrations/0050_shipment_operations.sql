-- Shipment operations: idempotent writes, and the indexes the shipment lists, the tracking list,
-- reloads and problem shipments read. Every list reads one visibility branch and one status at a
-- time (see features/shipments/list-repository.ts), so each index leads with the party column and
-- the status, then the list's order.

-- A write sent again with the same Idempotency-Key answers what the first one answered.
create table idempotent_requests (
  user_id uuid not null references users (id) on delete cascade,
  idempotency_key text not null check (char_length(idempotency_key) between 1 and 200),
  company_id uuid not null references companies (id),
  method text not null,
  path text not null,
  request_hash text not null,
  -- 0 while the first request is still running (its transaction holds the row).
  response_status smallint not null default 0,
  response_body jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, idempotency_key)
);
create index idempotent_requests_created_idx on idempotent_requests (created_at);
alter table idempotent_requests enable row level security;
alter table idempotent_requests force row level security;
create policy system_all on idempotent_requests to portal_system using (true) with check (true);
create policy tenant_all on idempotent_requests to portal_app
  using (user_id = app_user_id()) with check (user_id = app_user_id());
grant select, insert, update, delete on idempotent_requests to portal_app, portal_system;

-- Booking list (newest pickup first) for the operator, whose staff see every shipment.
create index shipments_operator_status_idx on shipments (operator_company_id, status, pickup_at desc);

-- Tracking list: the most overdue update first, then newest pickup.
create index shipments_carrier_status_due_idx
  on shipments (carrier_company_id, status, next_update_due_at, pickup_at desc)
  where carrier_company_id is not null;
create index shipments_customer_status_due_idx
  on shipments (customer_company_id, status, next_update_due_at, pickup_at desc);
create index shipments_operator_status_due_idx
  on shipments (operator_company_id, status, next_update_due_at, pickup_at desc);

-- Reloads: freight on the load board near a delivery, found by a latitude/longitude box (plain
-- float comparisons are leakproof, so the box is an index condition under row-level security).
create index shipments_available_origin_idx
  on shipments (origin_latitude, origin_longitude) where status = 1;

-- Problem shipments: the open tracking problems.
create index tracking_problems_open_idx on tracking_problems (shipment_id, reported_at desc)
  where resolved_at is null;

-- Proof of delivery per order stop (Delivery Confirmed needs one on each delivery stop).
create index documents_order_stop_file_type_idx on documents (order_stop_id, file_type)
  where deleted_at is null and order_stop_id is not null;

-- A carrier, its drivers and its factoring company read the order of a shipment they may see (the
-- order number, instructions and references belong on their screens and paperwork), as they
-- already read the order's stops, lines and references.
alter policy tenant_all on orders
  using (app_is_operator() or customer_company_id = app_company_id()
         or exists (select 1 from shipments s where s.order_id = orders.id));
