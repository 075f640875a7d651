-- Locations created through the portal take the next number of their own range (the demo world and
-- imports number theirs from 100001), and locations and dock schedules carry a version so that two
-- people editing the same one cannot overwrite each other unseen.
create sequence location_number_seq start 9000001;
grant usage, select on sequence location_number_seq to portal_app, portal_system;
alter table locations alter column location_number set default nextval('location_number_seq')::text;
alter table locations add column version integer not null default 1;
alter table locations add column updated_at timestamptz not null default now();
alter table dock_schedules add column version integer not null default 1;
alter table dock_schedules add column updated_at timestamptz not null default now();

create index locations_company_number_idx on locations (company_id, location_number);
create index locations_city_trgm_idx on locations using gin (city gin_trgm_ops);
create index shipment_stops_location_idx on shipment_stops (location_id) where location_id is not null;

-- A carrier books dock appointments at its stops: it reads the dock schedules of the locations on
-- the shipments it may see (the shipment_stops policy decides which), and writes none of them.
create policy stop_location_read on dock_schedules for select to portal_app
  using (exists (select 1 from shipment_stops ss where ss.location_id = dock_schedules.location_id));
create policy stop_location_read on dock_hours for select to portal_app
  using (exists (select 1 from dock_schedules d where d.id = dock_hours.dock_schedule_id));
