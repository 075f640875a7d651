-- Carrier (AP) invoices move through the portal (docs/decisions/110-112): the carrier submits its
-- invoice number and amount, may choose Quick Pay, and the operator settles and pays it; paying
-- writes the payment remittance.

alter table ap_invoices
  -- Standard 0, Quick Pay 2, Small Carrier Quick Pay 3 (the spec's service levels).
  add column service_level smallint not null default 0 check (service_level in (0, 2, 3)),
  -- The Quick Pay fee taken from the payment, in cents.
  add column quick_pay_fee_cents bigint not null default 0 check (quick_pay_fee_cents >= 0),
  add column updated_at timestamptz not null default now();

-- A carrier's own invoice numbers are looked up when it submits one (one number, one invoice).
create index ap_invoices_carrier_invoice_number_idx
  on ap_invoices (carrier_company_id, lower(carrier_invoice_number))
  where carrier_invoice_number is not null;

-- The operator's queue and lists read invoices newest first.
create index ap_invoices_created_idx on ap_invoices (created_at desc, id desc);

-- Paying writes the remittance: only the operator's staff may, and only through the application.
grant insert on payments, payment_applications to portal_app;
create policy operator_insert on payments for insert to portal_app with check (app_is_operator());
create policy operator_insert on payment_applications for insert to portal_app
  with check (app_is_operator());
