-- The first and last stop windows of loads on the load board, read in one call.
--
-- A load board page read its stops through shipment_stops, whose policy asks again whether the
-- shipment is visible: the shipments policy (drivers, tenders and all) was planned twice more for
-- every search, and planning under row-level security cost three times the plan as owner
-- (docs/decisions/216). Ready to Book loads are visible to every carrier session that is not a
-- driver's, and to the operator: exactly the shipments policy's branch for them
-- (0051_shipment_policy_initplans.sql). This function answers that branch and nothing more: the
-- windows of the given shipments that are Ready to Book, for those callers only, and no row to anyone
-- else. It runs as portal_system (whose policy is simply true), so its one query is planned once per
-- connection (PL/pgSQL keeps its plan) instead of with every search.
-- PostgreSQL asks CREATE on the schema of a function's new owner, which 0165 took from
-- portal_system: lent for this migration (decision 217).
grant create on schema public to portal_system;
create function ready_load_windows(p_shipment_ids uuid[])
  returns table (shipment_id uuid, pickup_early timestamptz, pickup_late timestamptz,
                 pickup_zone text, delivery_early timestamptz, delivery_late timestamptz,
                 delivery_zone text, stop_count int)
  language plpgsql stable security definer
  set search_path = public
  as $$
begin
  if app_driver_id() is not null or not (app_is_operator() or app_scope() = 'carrier') then
    return;
  end if;
  return query
    select s.id, f.early_at, f.late_at, f.iana_timezone, l.early_at, l.late_at, l.iana_timezone,
           l.stop_count::int
      from shipments s
      cross join lateral (select st.early_at, st.late_at, st.iana_timezone from shipment_stops st
                           where st.shipment_id = s.id order by st.stop_number asc limit 1) f
      cross join lateral (select st.early_at, st.late_at, st.iana_timezone, count(*) over () as stop_count
                            from shipment_stops st
                           where st.shipment_id = s.id order by st.stop_number desc limit 1) l
     where s.id = any (p_shipment_ids) and s.status = 1;
end
$$;
alter function ready_load_windows(uuid[]) owner to portal_system;
revoke execute on function ready_load_windows(uuid[]) from public;
grant execute on function ready_load_windows(uuid[]) to portal_app, portal_system;
revoke create on schema public from portal_system;
