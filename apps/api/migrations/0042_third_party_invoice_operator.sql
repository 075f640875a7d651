-- The operator's list reads its invoices by the operator's own column instead of looking up each
-- invoice's shipment (docs/decisions/043): the invoice keeps a copy of its shipment's operator, as
-- it keeps its shipment number; both are copied by one trigger.

alter table third_party_invoices add column operator_company_id uuid references companies (id);

-- Runs as the role writing the invoice (portal_system for the demo world and jobs), which sees the shipment.
create function third_party_invoice_shipment_copies() returns trigger
  language plpgsql
  as $$
  begin
    select s.shipment_number, s.operator_company_id
      into new.shipment_number, new.operator_company_id
      from shipments s where s.id = new.shipment_id;
    return new;
  end
  $$;

drop trigger third_party_invoices_shipment_number on third_party_invoices;
drop function third_party_invoice_shipment_number();
create trigger third_party_invoices_shipment_copies
  before insert or update of shipment_id on third_party_invoices
  for each row execute function third_party_invoice_shipment_copies();

-- Row-level security is forced even for the tables' owner: fill the copies as the system role.
set local role portal_system;
update third_party_invoices i set operator_company_id = s.operator_company_id
  from shipments s where s.id = i.shipment_id;
reset role;
alter table third_party_invoices alter column operator_company_id set not null;

create index third_party_invoices_operator_created_idx
  on third_party_invoices (operator_company_id, created_at desc, id desc);
