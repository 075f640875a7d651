-- Orders: the customer's and the operator's to change, and readable by whoever may see one of the
-- order's shipments (its carrier, drivers and factoring company need the order number and references
-- on their screens and paperwork). Reading through a shipment is a SELECT-only policy, so nobody but
-- the customer and the operator can update an order. The caller's settings are read once per query
-- (sub-selects become InitPlans) instead of once per row.
alter policy tenant_all on orders
  using ((select app_is_operator()) or customer_company_id = (select app_company_id()))
  with check ((select app_is_operator()) or customer_company_id = (select app_company_id()));
drop policy if exists tenant_read_via_shipment on orders;
create policy tenant_read_via_shipment on orders for select to portal_app
  using (exists (select 1 from shipments s where s.order_id = orders.id));
