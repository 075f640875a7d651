-- Book LTL order (decision 210): a customer (a broker placing orders) reads the lane rates carriers
-- hold for it, so it can book one of its LTL orders at one of them. Rates held for no customer, or
-- for another one, stay the carrier's own. Reading only: carriers alone write their rates.
create policy customer_read on rates for select to portal_app
  using (customer_company_id = (select app_company_id()));

-- The customer's rates on a lane, as the carrier's own are found by rates_carrier_idx.
create index rates_customer_idx on rates (customer_company_id, origin_state, destination_state)
  where customer_company_id is not null;
