-- A shipment's last known position (its newest tracking activity with coordinates) kept on its own
-- row (issue 18, decision 266). The booking and tracking lists show it on every row: they read it
-- from a lateral look-up of tracking_activities per row, and that table's policy (visible through a
-- visible shipment) brought a second copy of the shipments' policy into their statements, with its
-- sub-plans set up on every page. Kept here, the lists read it with the row they already read.
--
-- Kept by the writes to tracking_activities, in the writing transaction:
-- - an insert keeps, per shipment, its newest new activity with coordinates when it is at least as
--   new as the kept one (of two at the same time, the one recorded last). The condition is on the
--   shipment's row, so a concurrent insert of an older activity that waited for the row's lock
--   re-reads it and leaves the newer one;
-- - an update or a delete (the app does neither; a shipment's deletion takes its activities along)
--   reads each touched shipment's newest activity with coordinates again.
--
-- Migration 0165 took CREATE on schema public from portal_system, and PostgreSQL asks that right of
-- a function's new owner: lent for this migration, as migration 0170 did.
grant create on schema public to portal_system;

alter table shipments
  add column last_position_at timestamptz,
  add column last_position_city text,
  add column last_position_state text,
  add column last_position_latitude double precision,
  add column last_position_longitude double precision,
  add column last_position_activity_type text;

-- Each shipment's newest activity with coordinates read again: the latest time first, then the
-- activity recorded last.
create function shipments_last_position_read_again(p_shipment_ids uuid[]) returns void
  language sql security definer set search_path = public
  as $$
    update shipments s
       set last_position_at = latest.occurred_at,
           last_position_city = latest.city,
           last_position_state = latest.state,
           last_position_latitude = latest.latitude,
           last_position_longitude = latest.longitude,
           last_position_activity_type = latest.activity_type
      from (select touched.id, newest.*
              from (select distinct id from unnest(p_shipment_ids) as id where id is not null) as touched
              left join lateral (
                select t.occurred_at, t.city, t.state, t.latitude, t.longitude, t.activity_type
                  from tracking_activities t
                 where t.shipment_id = touched.id
                   and t.latitude is not null and t.longitude is not null
                 order by t.occurred_at desc, t.created_at desc, t.id desc
                 limit 1) as newest on true) as latest
     where s.id = latest.id
       and (s.last_position_at, s.last_position_city, s.last_position_state,
            s.last_position_latitude, s.last_position_longitude, s.last_position_activity_type)
           is distinct from
           (latest.occurred_at, latest.city, latest.state, latest.latitude, latest.longitude,
            latest.activity_type)
  $$;
alter function shipments_last_position_read_again(uuid[]) owner to portal_system;
-- Only the triggers below (running as portal_system, its owner) call it.
revoke execute on function shipments_last_position_read_again(uuid[]) from public;

create function shipments_last_position_insert() returns trigger
  language plpgsql security definer set search_path = public
  as $$
  begin
    update shipments s
       set last_position_at = newest.occurred_at,
           last_position_city = newest.city,
           last_position_state = newest.state,
           last_position_latitude = newest.latitude,
           last_position_longitude = newest.longitude,
           last_position_activity_type = newest.activity_type
      from (select distinct on (shipment_id) shipment_id, occurred_at, city, state, latitude,
                   longitude, activity_type
              from new_rows
             where latitude is not null and longitude is not null
             order by shipment_id, occurred_at desc, created_at desc, id desc) as newest
     where s.id = newest.shipment_id
       and (s.last_position_at is null or newest.occurred_at >= s.last_position_at);
    return null;
  end
  $$;
alter function shipments_last_position_insert() owner to portal_system;

create function shipments_last_position_update() returns trigger
  language plpgsql security definer set search_path = public
  as $$
  begin
    perform shipments_last_position_read_again(array(
      select shipment_id from old_rows union select shipment_id from new_rows));
    return null;
  end
  $$;
alter function shipments_last_position_update() owner to portal_system;

create function shipments_last_position_delete() returns trigger
  language plpgsql security definer set search_path = public
  as $$
  begin
    perform shipments_last_position_read_again(array(select distinct shipment_id from old_rows));
    return null;
  end
  $$;
alter function shipments_last_position_delete() owner to portal_system;

create trigger shipments_last_position_insert after insert on tracking_activities
  referencing new table as new_rows
  for each statement execute function shipments_last_position_insert();
create trigger shipments_last_position_update after update on tracking_activities
  referencing old table as old_rows new table as new_rows
  for each statement execute function shipments_last_position_update();
create trigger shipments_last_position_delete after delete on tracking_activities
  referencing old table as old_rows
  for each statement execute function shipments_last_position_delete();

update shipments s
   set last_position_at = newest.occurred_at,
       last_position_city = newest.city,
       last_position_state = newest.state,
       last_position_latitude = newest.latitude,
       last_position_longitude = newest.longitude,
       last_position_activity_type = newest.activity_type
  from (select distinct on (shipment_id) shipment_id, occurred_at, city, state, latitude, longitude,
               activity_type
          from tracking_activities
         where latitude is not null and longitude is not null
         order by shipment_id, occurred_at desc, created_at desc, id desc) as newest
 where s.id = newest.shipment_id;

revoke create on schema public from portal_system;
