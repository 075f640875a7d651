-- A rate request asks a carrier to price a load as it stood when asked; like a tender it keeps the
-- lane, dates and equipment, so the carrier's list still shows it once the load itself is out of the
-- carrier's sight (tendered to someone else, or booked).
alter table rate_requests add column shipment_number text;
alter table rate_requests add column origin_city text;
alter table rate_requests add column origin_state text;
alter table rate_requests add column origin_postal_code text;
alter table rate_requests add column destination_city text;
alter table rate_requests add column destination_state text;
alter table rate_requests add column destination_postal_code text;
alter table rate_requests add column pickup_at timestamptz;
alter table rate_requests add column delivery_at timestamptz;
alter table rate_requests add column equipment_types integer;

create function rate_requests_snapshot_lane() returns trigger
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
create trigger rate_requests_snapshot_lane before insert on rate_requests
  for each row execute function rate_requests_snapshot_lane();

update rate_requests r
   set shipment_number = s.shipment_number, origin_city = s.origin_city, origin_state = s.origin_state,
       origin_postal_code = s.origin_postal_code, destination_city = s.destination_city,
       destination_state = s.destination_state, destination_postal_code = s.destination_postal_code,
       pickup_at = s.pickup_at, delivery_at = s.delivery_at, equipment_types = s.equipment_types
  from shipments s
 where s.id = r.shipment_id and r.shipment_number is null;
create index rate_requests_shipment_number_idx on rate_requests (shipment_number text_pattern_ops);
create index rate_requests_customer_status_idx on rate_requests (customer_company_id, status, requested_at desc);
