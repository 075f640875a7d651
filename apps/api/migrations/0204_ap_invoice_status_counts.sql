-- The accounting counts by status (issue 18): Action Required and In Process count a carrier's (or a
-- factor's) open invoices. The (company, status) indexes now also hold the column row-level security
-- checks for the other party, so those counts read only their statuses' index entries and no table
-- rows; without it the planner preferred reading every invoice of the company from the list's index.
create index if not exists ap_invoices_carrier_status_idx
  on ap_invoices (carrier_company_id, status, shipment_date desc) include (factoring_company_id);
drop index if exists ap_invoices_carrier_idx;
create index if not exists ap_invoices_factoring_status_idx
  on ap_invoices (factoring_company_id, status, shipment_date desc) include (carrier_company_id)
  where factoring_company_id is not null;
drop index if exists ap_invoices_factoring_idx;
