-- Open tenders looked up by shipment and carrier (issue 18). The shipments policy lets a carrier see
-- a Tendering shipment it holds an open tender for, checking one tender per shipment row read; with
-- the shipment, carrier and status in one index that check is a single probe instead of intersecting
-- the shipment's tenders with all of the carrier's open ones (0.01 ms a row on the 1,000,000-shipment
-- world, 5 ms for a quick search's tendered matches).
create index if not exists tenders_shipment_carrier_status_idx
  on tenders (shipment_id, carrier_company_id, status);

-- Quick search's tendered branch reads the carrier's open tenders in the prefix of their shipment
-- numbers (tenders carry the number, migration 0140) and then only those shipments.
create index if not exists tenders_carrier_status_number_idx
  on tenders (carrier_company_id, status, shipment_number text_pattern_ops);
