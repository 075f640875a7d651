-- Equipment the carrier manages itself: a trailer carries a photo (document type Trailer Picture 98),
-- and retiring a trailer or power unit keeps its row (shipments still point at it) with the date.
alter table trailers add column photo_document_id uuid references documents (id);
alter table trailers add column retired_at timestamptz;
alter table power_units add column retired_at timestamptz;
update trailers set retired_at = created_at where not is_active;
update power_units set retired_at = created_at where not is_active;

-- The equipment lists read a company's in-service units by number.
create index trailers_carrier_active_idx on trailers (carrier_company_id, is_active, trailer_number);
create index power_units_carrier_active_idx on power_units (carrier_company_id, is_active, unit_number);

-- Contacts are searched by name and e-mail; a deleted contact keeps its row (history points at it).
create index users_company_active_idx on users (company_id, last_name, first_name) where disabled_at is null;
