-- Third-party payer invoices: who sees them, the shipment number beside each invoice for searching,
-- and indexes for the list (docs/decisions/040-043).

-- Who sees an invoice, as the application scopes it (shared/tenancy/third-party-invoice-visibility.ts):
-- the operator; the carrier that billed it (not its driver sessions); the factoring company that is the
-- invoice's remit-to (factoring_company_id), not every invoice of the carriers it factors.
alter policy tenant_all on third_party_invoices
  using (app_is_operator()
         or (app_scope() = 'carrier' and app_driver_id() is null and carrier_company_id = app_company_id())
         or (app_scope() = 'factoring' and factoring_company_id = app_company_id()))
  with check (app_is_operator()
         or (app_scope() = 'carrier' and app_driver_id() is null and carrier_company_id = app_company_id())
         or (app_scope() = 'factoring' and factoring_company_id = app_company_id()));

-- The order number of a shipment a tenant may see (a carrier uploads proof of delivery against the
-- order's stops and reads the order number beside them). A second permissive policy: read only.
create policy tenant_read_via_shipment on orders for select to portal_app
  using (exists (select 1 from shipments s where s.order_id = orders.id));

-- Shipment numbers never change once given, so the invoice keeps a copy: the list searches it with
-- the invoice's own columns instead of reaching into a million shipments under row-level security.
alter table third_party_invoices add column shipment_number text;

-- Runs as the role writing the invoice (portal_system for the demo world and jobs), which sees the shipment.
create function third_party_invoice_shipment_number() returns trigger
  language plpgsql
  as $$
  begin
    select s.shipment_number into new.shipment_number from shipments s where s.id = new.shipment_id;
    return new;
  end
  $$;

create trigger third_party_invoices_shipment_number
  before insert or update of shipment_id on third_party_invoices
  for each row execute function third_party_invoice_shipment_number();

-- Row-level security is forced even for the tables' owner: fill the copies as the system role.
set local role portal_system;
update third_party_invoices i set shipment_number = s.shipment_number
  from shipments s where s.id = i.shipment_id;
reset role;
alter table third_party_invoices alter column shipment_number set not null;

-- The list reads each party's invoices newest first.
create index third_party_invoices_carrier_created_idx
  on third_party_invoices (carrier_company_id, created_at desc, id desc);
create index third_party_invoices_factoring_created_idx
  on third_party_invoices (factoring_company_id, created_at desc, id desc)
  where factoring_company_id is not null;

-- A required proof of delivery is matched to the documents uploaded on its order stop.
create index if not exists documents_order_stop_idx on documents (order_stop_id)
  where deleted_at is null;
