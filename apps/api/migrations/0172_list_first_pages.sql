-- The tender list's first page (issue 11; decision 196): newest sent first for the carrier and for the
-- customer, each branch read in the list's order from its own index and merged, instead of every
-- tender of the company read and sorted.
create index tenders_carrier_sent_idx on tenders (carrier_company_id, sent_at desc nulls last, id desc);
create index tenders_customer_sent_idx on tenders (customer_company_id, sent_at desc nulls last, id desc);
