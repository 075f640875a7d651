-- The consolidatable search under row-level security: earth_box's cube operator is not leakproof, so
-- PostgreSQL will not use it as an index condition ahead of the order policies and read every pickup.
-- A latitude/longitude box (plain float comparisons are leakproof) on this index finds the candidates
-- first; earth_distance then trims the box to the circle (as the reloads search does, 0050).
create index order_stops_pickup_box_idx on order_stops (latitude, longitude)
  where stop_type = 'Pickup';
