-- Automatic tendering: the operator's waterfall for a shipment is an ordered list of carriers, each
-- with a window to answer. The job queue (pg-boss, schema pgboss) sends each step's tender, expires
-- it on time and moves on; these tables are the truth it works from, so a job that runs twice or
-- late finds the step already done and does nothing.
create table tender_waterfalls (
  id uuid primary key default gen_random_uuid(),
  shipment_id uuid not null references shipments (id) on delete cascade,
  operator_company_id uuid not null references companies (id),
  customer_company_id uuid not null references companies (id),
  status text not null default 'Running'
    check (status in ('Running', 'Accepted', 'Exhausted', 'Stopped')),
  -- The step whose tender is out (or about to go out); -1 before the first is sent.
  current_position integer not null default -1,
  rate_cents bigint not null check (rate_cents > 0),
  rate_type text not null default 'Flat',
  charge_rate_type text not null default 'LineHaul',
  created_by uuid references users (id),
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
-- One running waterfall per shipment.
create unique index tender_waterfalls_running_idx on tender_waterfalls (shipment_id)
  where status = 'Running';
create index tender_waterfalls_shipment_idx on tender_waterfalls (shipment_id, created_at desc);

create table tender_waterfall_steps (
  waterfall_id uuid not null references tender_waterfalls (id) on delete cascade,
  position integer not null check (position >= 0),
  carrier_company_id uuid not null references companies (id),
  answer_window_seconds integer not null check (answer_window_seconds between 5 and 604800),
  tender_id uuid references tenders (id),
  primary key (waterfall_id, position)
);

-- A tender sent by a waterfall points back at it; an expired one records when its time ran out.
alter table tenders add column waterfall_id uuid references tender_waterfalls (id);
alter table tenders add column expired_at timestamptz;
create index tenders_waterfall_idx on tenders (waterfall_id) where waterfall_id is not null;
-- The operator's and customer's lists read tenders by customer, newest first.
create index tenders_customer_status_idx on tenders (customer_company_id, status, sent_at desc);

-- A tender is an offer of one load as it stood when sent: it keeps the lane, dates and equipment, so
-- the carrier's list still shows a tender it rejected or that expired, after the shipment itself is
-- no longer visible to that carrier (the shipments policy shows a Tendering load only while its
-- tender to the carrier is open).
alter table tenders add column shipment_number text;
alter table tenders add column origin_city text;
alter table tenders add column origin_state text;
alter table tenders add column origin_postal_code text;
alter table tenders add column destination_city text;
alter table tenders add column destination_state text;
alter table tenders add column destination_postal_code text;
alter table tenders add column pickup_at timestamptz;
alter table tenders add column delivery_at timestamptz;
alter table tenders add column equipment_types integer;

create function tenders_snapshot_lane() returns trigger
language plpgsql as $$
begin
  if new.shipment_number is null then
    select s.shipment_number, s.origin_city, s.origin_state, s.origin_postal_code,
           s.destination_city, s.destination_state, s.destination_postal_code,
           s.pickup_at, s.delivery_at, s.equipment_types
      into new.shipment_number, new.origin_city, new.origin_state, new.origin_postal_code,
           new.destination_city, new.destination_state, new.destination_postal_code,
           new.pickup_at, new.delivery_at, new.equipment_types
      from shipments s where s.id = new.shipment_id;
  end if;
  return new;
end $$;
create trigger tenders_snapshot_lane before insert on tenders
  for each row execute function tenders_snapshot_lane();

update tenders t
   set shipment_number = s.shipment_number, origin_city = s.origin_city, origin_state = s.origin_state,
       origin_postal_code = s.origin_postal_code, destination_city = s.destination_city,
       destination_state = s.destination_state, destination_postal_code = s.destination_postal_code,
       pickup_at = s.pickup_at, delivery_at = s.delivery_at, equipment_types = s.equipment_types
  from shipments s
 where s.id = t.shipment_id and t.shipment_number is null;
create index tenders_shipment_number_idx on tenders (shipment_number text_pattern_ops);
create index tenders_number_pattern_idx on tenders (tender_number text_pattern_ops);

-- The operator awards a carrier's offer on a rate request, which books the load.
alter table rate_requests add column awarded_at timestamptz;
alter table rate_requests add column awarded_by uuid references users (id);
alter table rate_requests add column offered_rate_type text;
alter table rate_requests add column offered_charge_rate_type text;
create index rate_requests_shipment_idx on rate_requests (shipment_id);

alter table tender_waterfalls enable row level security;
alter table tender_waterfalls force row level security;
alter table tender_waterfall_steps enable row level security;
alter table tender_waterfall_steps force row level security;
create policy system_all on tender_waterfalls to portal_system using (true) with check (true);
create policy system_all on tender_waterfall_steps to portal_system using (true) with check (true);
-- The waterfall is the operator's plan (and the shipper's, whose load it is); carriers see only the
-- tender each step sends them.
create policy tenant_all on tender_waterfalls to portal_app
  using ((select app_is_operator()) or customer_company_id = (select app_company_id()))
  with check ((select app_is_operator()));
create policy tenant_all on tender_waterfall_steps to portal_app
  using (exists (select 1 from tender_waterfalls w where w.id = waterfall_id))
  with check (exists (select 1 from tender_waterfalls w where w.id = waterfall_id));
grant select, insert, update, delete on tender_waterfalls, tender_waterfall_steps to portal_app;
grant select, insert, update, delete on tender_waterfalls, tender_waterfall_steps to portal_system;
