-- Orders read through one of their shipments ask app_sees_order_through_shipment() (issue 18); the
-- rule does not change: an order is readable by whoever may see one of its shipments, or a
-- shipment that carries it consolidated (migrations 0052, 0155).
--
-- Written into the policy, the two look-ups put the shipments' policy (and the tenders' and the
-- drivers' under it) into every statement that reads an order: about 120 SubPlans and InitPlans,
-- which PostgreSQL sets up on every execution whether or not a row takes them. The shipment
-- detail reads one order for its number, and that set-up was half of its statement's time on the
-- 1,000,000-shipment world (0.35 ms against 0.18 ms without the order). PL/pgSQL keeps each
-- look-up's plan for the connection's life and runs it only for a row that gets that far, as the
-- documents' and notes' policies do (migration 0207). The caller's own orders (a customer's, the
-- operator's) are let through before the function is asked.
create or replace function app_sees_order_through_shipment(p_order_id uuid) returns boolean
  language plpgsql stable
  as $$
  begin
    return exists (select 1 from shipments s where s.order_id = p_order_id)
        or exists (select 1 from shipment_orders so where so.order_id = p_order_id);
  end
  $$;

alter policy tenant_read_via_shipment on orders
  using ((select app_is_operator())
         or customer_company_id = (select app_company_id())
         or app_sees_order_through_shipment(orders.id));
