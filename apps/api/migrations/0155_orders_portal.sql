-- Orders placed and changed in the portal, and orders consolidated into one draft shipment.
--
-- An order changes as a whole (its stops, line items and references are replaced together), so two
-- people editing one order race on its version: a stale version answers 409.
alter table orders add column version integer not null default 1;

-- The orders a shipment carries. A shipment built from one order keeps shipments.order_id only; a
-- consolidated draft names every order here (and its first in shipments.order_id).
create table shipment_orders (
  shipment_id uuid not null references shipments (id) on delete cascade,
  order_id uuid not null references orders (id),
  customer_company_id uuid not null references companies (id),
  primary key (shipment_id, order_id)
);
create index shipment_orders_order_idx on shipment_orders (order_id);

alter table shipment_orders enable row level security;
alter table shipment_orders force row level security;
create policy system_all on shipment_orders to portal_system using (true) with check (true);
-- Whoever sees the shipment sees which orders it carries; only the orders' customer links them.
create policy tenant_all on shipment_orders to portal_app
  using (exists (select 1 from shipments s where s.id = shipment_orders.shipment_id))
  with check ((select app_is_operator()) or customer_company_id = (select app_company_id()));
grant select, insert, update, delete on shipment_orders to portal_app;
grant select, insert, update, delete on shipment_orders to portal_system;

-- A consolidated shipment's carrier reads each of its orders, as it reads a single order's.
alter policy tenant_read_via_shipment on orders
  using (exists (select 1 from shipments s where s.order_id = orders.id)
         or exists (select 1 from shipment_orders so where so.order_id = orders.id));
do $$
declare t text;
begin
  foreach t in array array['order_stops', 'order_line_items', 'reference_numbers', 'order_requirements', 'order_accessorials']
  loop
    execute format($p$alter policy tenant_all on %I
      using ((select app_is_operator()) or customer_company_id = (select app_company_id())
             or exists (select 1 from shipments s where s.order_id = %I.order_id)
             or exists (select 1 from shipment_orders so where so.order_id = %I.order_id))
      with check ((select app_is_operator()) or customer_company_id = (select app_company_id()))$p$,
      t, t, t);
  end loop;
end $$;

-- The orders list reads one customer's orders by status, newest first.
create index orders_customer_status_idx on orders (customer_company_id, status, created_at desc);
-- The consolidatable search starts from pickups near the chosen order's pickup.
create index order_stops_pickup_earth_idx on order_stops
  using gist (ll_to_earth(latitude, longitude)) where stop_type = 'Pickup';
create index order_line_items_pickup_stop_idx on order_line_items (pickup_stop_id);
create index reference_numbers_stop_idx on reference_numbers (order_stop_id)
  where order_stop_id is not null;
