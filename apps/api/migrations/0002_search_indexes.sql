-- Searching by prefix under row-level security: LIKE is not leakproof, so PostgreSQL will not use it
-- as an index condition ahead of a policy. Prefix searches are written as ranges on the leakproof
-- text_pattern operators (~>=~, ~<~) instead (shared/http/like.ts), which the indexes below serve.
create index shipments_available_number_idx on shipments (shipment_number text_pattern_ops) where status = 1;
-- lower() is not leakproof either: keep the lower-cased reference beside it.
alter table reference_numbers add column value_lower text generated always as (lower(value)) stored;
drop index reference_numbers_value_idx;
create index reference_numbers_value_lower_idx on reference_numbers (value_lower text_pattern_ops);
create index reference_numbers_customer_value_idx on reference_numbers (customer_company_id, value_lower text_pattern_ops);
