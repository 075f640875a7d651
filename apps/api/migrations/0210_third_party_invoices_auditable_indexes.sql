-- The third-party invoice list's default view, "Only Show Auditable" (issue 18).
--
-- The list counts the caller's auditable invoices and reads the newest 50. Both read the party's
-- index (carrier, factor or operator) and then every invoice's row, to keep those with billing
-- settings and to check the policy: billing@demo.test's count on the 1,000,000-shipment world read
-- 2,747 rows in 288 heap pages to count 1,119. These indexes hold the auditable invoices only, in
-- the list's order, with the columns the policy reads, so the count is an index-only scan and the page
-- reads the 50 entries it returns.
create index third_party_invoices_auditable_carrier_idx
  on third_party_invoices (carrier_company_id, created_at desc, id desc)
  include (factoring_company_id)
  where billing_settings_id is not null;
create index third_party_invoices_auditable_factoring_idx
  on third_party_invoices (factoring_company_id, created_at desc, id desc)
  include (carrier_company_id)
  where billing_settings_id is not null and factoring_company_id is not null;
create index third_party_invoices_auditable_operator_idx
  on third_party_invoices (operator_company_id, created_at desc, id desc)
  include (carrier_company_id, factoring_company_id)
  where billing_settings_id is not null;
