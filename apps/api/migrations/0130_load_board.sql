-- Load board, saved lanes, live equipment and spot quotes (decisions 130-135).

-- A saved lane may ask for a minimum rate; edits are versioned like other shared records.
alter table saved_lanes add column min_rate_cents bigint check (min_rate_cents is null or min_rate_cents >= 0);
alter table saved_lanes add column updated_at timestamptz not null default now();

-- Live equipment: where the truck prefers to go, by city as well as by state.
alter table equipment_postings add column destination_city text;
alter table equipment_postings add column destination_postal_code text;
alter table equipment_postings add column destination_latitude double precision;
alter table equipment_postings add column destination_longitude double precision;
alter table equipment_postings add column note text;
create index equipment_postings_active_idx on equipment_postings (carrier_company_id, available_to);

-- A destination radius reads its own index, as the origin does (0001).
create index shipments_destination_earth_idx on shipments
  using gist (ll_to_earth(destination_latitude, destination_longitude)) where status = 1;

-- Which saved lane was told of which load, so a load is announced once per lane (and once across
-- API nodes: the first insert wins).
create table saved_lane_alerts (
  saved_lane_id uuid not null references saved_lanes (id) on delete cascade,
  shipment_id uuid not null references shipments (id) on delete cascade,
  company_id uuid not null references companies (id),
  created_at timestamptz not null default now(),
  primary key (saved_lane_id, shipment_id)
);
create index saved_lane_alerts_shipment_idx on saved_lane_alerts (shipment_id);
alter table saved_lane_alerts enable row level security;
alter table saved_lane_alerts force row level security;
create policy system_all on saved_lane_alerts to portal_system using (true) with check (true);
create policy tenant_all on saved_lane_alerts to portal_app
  using ((select app_is_operator()) or company_id = (select app_company_id()))
  with check ((select app_is_operator()) or company_id = (select app_company_id()));
grant select, insert, update, delete on saved_lane_alerts to portal_system;
grant select on saved_lane_alerts to portal_app;

-- A carrier asks for a spot quote on a load it sees (API quote creation): the quote is its own.
alter policy tenant_all on quotes
  using (app_is_operator() or customer_company_id = app_company_id() or carrier_company_id = any (app_carrier_ids()))
  with check (app_is_operator() or customer_company_id = app_company_id()
              or (carrier_company_id = app_company_id() and app_scope() = 'carrier'));

-- A load put on the load board (moved to Ready to Book) is announced, after commit, to the API
-- processes, which tell the carriers whose saved lanes it matches. Rows inserted by the system role
-- (the demo world, bulk loads) are not announced.
create function announce_load_posted() returns trigger
language plpgsql as $$
begin
  if new.status = 1 and (tg_op = 'UPDATE' or current_user <> 'portal_system') then
    perform pg_notify('portal_load_posted', new.id::text);
  end if;
  return new;
end $$;
create trigger shipments_announce_load_posted
  after update of status on shipments
  for each row when (new.status = 1 and old.status is distinct from 1)
  execute function announce_load_posted();
create trigger shipments_announce_new_load
  after insert on shipments
  for each row when (new.status = 1)
  execute function announce_load_posted();
grant execute on function announce_load_posted() to portal_app, portal_system;
