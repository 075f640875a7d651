-- The accounting list (issue 13; decision 196): newest shipment date first, for the carrier and for the
-- factoring company, read in the list's order from an index that also holds what the status filter
-- and row-level security look at, so the first page reads about 50 index entries and the counts of a
-- 60-day window read the window's entries only (no table rows).
create index ap_invoices_carrier_list_idx
  on ap_invoices (carrier_company_id, shipment_date desc nulls last, invoice_number desc)
  include (status, factoring_company_id);
create index ap_invoices_factoring_list_idx
  on ap_invoices (factoring_company_id, shipment_date desc nulls last, invoice_number desc)
  include (status, carrier_company_id)
  where factoring_company_id is not null;
