-- Whether an invoice's load is delivered, kept on the invoice (issue 18, decision 237).
--
-- Accounting's Action Required (the navigation's badge) counts draft invoices whose load is
-- delivered, and Pending the other drafts. Both joined every draft to its shipment, planned under
-- the shipments policy: a carrier with 520 drafts paid 520 shipment look-ups (6.6 ms) for a count that
-- grows with unbilled loads. The invoice now says it itself, so the counts and the status filters read
-- the invoices alone, and the navigation's count reads one small index.
--
-- Kept by the database in the transaction of every write that changes it:
--   an invoice written without it, or moved to another shipment, reads its shipment's status;
--   a shipment that becomes delivered, or stops being delivered, updates its invoices.
-- Delivered means Delivered (7) or Delivery Confirmed (8), as ShipmentStatus in packages/domain.
alter table ap_invoices add column load_delivered boolean not null default false;
update ap_invoices i set load_delivered = true from shipments s where s.id = i.shipment_id and s.status in (7, 8);

-- PostgreSQL asks CREATE on the schema of a function's new owner, which 0165 took from
-- portal_system: lent for this migration (decision 217).
grant create on schema public to portal_system;

-- Runs as portal_system, whose policy sees every shipment, whoever writes the invoice.
create function ap_invoice_load_delivered() returns trigger
  language plpgsql security definer set search_path = public
  as $$
  begin
    select s.status in (7, 8) into new.load_delivered from shipments s where s.id = new.shipment_id;
    return new;
  end
  $$;
alter function ap_invoice_load_delivered() owner to portal_system;

-- Nobody sets the value by hand: an insert, or an update naming it or the shipment, reads it again.
create trigger ap_invoices_load_delivered before insert or update of shipment_id, load_delivered on ap_invoices
  for each row execute function ap_invoice_load_delivered();

create function shipment_delivered_to_invoices() returns trigger
  language plpgsql security definer set search_path = public
  as $$
  begin
    update ap_invoices set load_delivered = new.status in (7, 8) where shipment_id = new.id;
    return null;
  end
  $$;
alter function shipment_delivered_to_invoices() owner to portal_system;

-- Fires only for the rare update that crosses between delivered and not; every other status change
-- is filtered out by the WHEN clause before any function runs.
create trigger shipments_delivered_to_invoices after update of status on shipments
  for each row when ((old.status in (7, 8)) is distinct from (new.status in (7, 8)))
  execute function shipment_delivered_to_invoices();

revoke create on schema public from portal_system;

-- Action Required for the carrier and for its factoring company: one small index each, of the
-- drafts whose load is delivered, holding the column the other party's policy checks.
create index ap_invoices_carrier_action_required_idx
  on ap_invoices (carrier_company_id) include (factoring_company_id)
  where status = 0 and load_delivered;
create index ap_invoices_factoring_action_required_idx
  on ap_invoices (factoring_company_id) include (carrier_company_id)
  where status = 0 and load_delivered and factoring_company_id is not null;
