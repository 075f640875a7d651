-- How many shipments each party has in each status (and on-time state), kept by the database itself so
-- that list totals and status counts are a handful of row reads instead of a count over tens of
-- thousands of shipments (the operator sees 1,000,000). Parties: the operator, the customer, the
-- carrier, and 'self_hauled' for a company that is both customer and carrier of a shipment (so a list
-- that reads both branches counts it once). Filtered counts (a number prefix, needs updates) are still
-- counted live; see features/shipments/list-repository.ts.
create table shipment_status_counts (
  party_kind text not null check (party_kind in ('operator', 'customer', 'carrier', 'self_hauled')),
  party_id uuid not null,
  status smallint not null,
  -- 1 on time, 0 late, -1 not yet known (is_on_time null)
  on_time smallint not null,
  shipment_count bigint not null,
  primary key (party_kind, party_id, status, on_time)
);
alter table shipment_status_counts enable row level security;
alter table shipment_status_counts force row level security;
create policy system_all on shipment_status_counts to portal_system using (true) with check (true);
-- A tenant reads the counts of the parties it is (itself, or the carriers it factors); the operator all.
create policy tenant_read on shipment_status_counts for select to portal_app
  using ((select app_is_operator())
         or party_id = (select app_company_id())
         or party_id = any ((select app_carrier_ids())::uuid[]));
grant select on shipment_status_counts to portal_app;
grant select, insert, update, delete on shipment_status_counts to portal_system;

-- Runs as portal_system (whose policies see every row) whoever changed the shipments. One statement
-- per event: each reads only the transition tables its event has. Counter rows are written in key
-- order so concurrent transactions lock them in the same order; an update that moves no shipment
-- between keys writes nothing.
create function shipment_status_counts_apply() returns trigger
  language plpgsql security definer set search_path = public
  as $$
  begin
    if tg_op = 'INSERT' then
      insert into shipment_status_counts as counts (party_kind, party_id, status, on_time, shipment_count)
      select k.party_kind, k.party_id, k.status, k.on_time, count(*)
        from (select 'operator' as party_kind, operator_company_id as party_id, status,
                   (case when is_on_time is null then -1 when is_on_time then 1 else 0 end)::smallint as on_time
              from new_rows
            union all
            select 'customer', customer_company_id, status,
                   (case when is_on_time is null then -1 when is_on_time then 1 else 0 end)::smallint
              from new_rows
            union all
            select 'carrier', carrier_company_id, status,
                   (case when is_on_time is null then -1 when is_on_time then 1 else 0 end)::smallint
              from new_rows where carrier_company_id is not null
            union all
            select 'self_hauled', customer_company_id, status,
                   (case when is_on_time is null then -1 when is_on_time then 1 else 0 end)::smallint
              from new_rows where carrier_company_id = customer_company_id) as k
       group by k.party_kind, k.party_id, k.status, k.on_time
       order by k.party_kind, k.party_id, k.status, k.on_time
      on conflict (party_kind, party_id, status, on_time)
        do update set shipment_count = counts.shipment_count + excluded.shipment_count;
    elsif tg_op = 'DELETE' then
      insert into shipment_status_counts as counts (party_kind, party_id, status, on_time, shipment_count)
      select k.party_kind, k.party_id, k.status, k.on_time, -count(*)
        from (select 'operator' as party_kind, operator_company_id as party_id, status,
                   (case when is_on_time is null then -1 when is_on_time then 1 else 0 end)::smallint as on_time
              from old_rows
            union all
            select 'customer', customer_company_id, status,
                   (case when is_on_time is null then -1 when is_on_time then 1 else 0 end)::smallint
              from old_rows
            union all
            select 'carrier', carrier_company_id, status,
                   (case when is_on_time is null then -1 when is_on_time then 1 else 0 end)::smallint
              from old_rows where carrier_company_id is not null
            union all
            select 'self_hauled', customer_company_id, status,
                   (case when is_on_time is null then -1 when is_on_time then 1 else 0 end)::smallint
              from old_rows where carrier_company_id = customer_company_id) as k
       group by k.party_kind, k.party_id, k.status, k.on_time
       order by k.party_kind, k.party_id, k.status, k.on_time
      on conflict (party_kind, party_id, status, on_time)
        do update set shipment_count = counts.shipment_count + excluded.shipment_count;
    else
      insert into shipment_status_counts as counts (party_kind, party_id, status, on_time, shipment_count)
      select k.party_kind, k.party_id, k.status, k.on_time, sum(k.delta)
        from (select before.*, -1 as delta from (select 'operator' as party_kind, operator_company_id as party_id, status,
                   (case when is_on_time is null then -1 when is_on_time then 1 else 0 end)::smallint as on_time
              from old_rows
            union all
            select 'customer', customer_company_id, status,
                   (case when is_on_time is null then -1 when is_on_time then 1 else 0 end)::smallint
              from old_rows
            union all
            select 'carrier', carrier_company_id, status,
                   (case when is_on_time is null then -1 when is_on_time then 1 else 0 end)::smallint
              from old_rows where carrier_company_id is not null
            union all
            select 'self_hauled', customer_company_id, status,
                   (case when is_on_time is null then -1 when is_on_time then 1 else 0 end)::smallint
              from old_rows where carrier_company_id = customer_company_id) as before
              union all
              select after.*, 1 as delta from (select 'operator' as party_kind, operator_company_id as party_id, status,
                   (case when is_on_time is null then -1 when is_on_time then 1 else 0 end)::smallint as on_time
              from new_rows
            union all
            select 'customer', customer_company_id, status,
                   (case when is_on_time is null then -1 when is_on_time then 1 else 0 end)::smallint
              from new_rows
            union all
            select 'carrier', carrier_company_id, status,
                   (case when is_on_time is null then -1 when is_on_time then 1 else 0 end)::smallint
              from new_rows where carrier_company_id is not null
            union all
            select 'self_hauled', customer_company_id, status,
                   (case when is_on_time is null then -1 when is_on_time then 1 else 0 end)::smallint
              from new_rows where carrier_company_id = customer_company_id) as after) as k
       group by k.party_kind, k.party_id, k.status, k.on_time
      having sum(k.delta) <> 0
       order by k.party_kind, k.party_id, k.status, k.on_time
      on conflict (party_kind, party_id, status, on_time)
        do update set shipment_count = counts.shipment_count + excluded.shipment_count;
    end if;
    return null;
  end
  $$;
alter function shipment_status_counts_apply() owner to portal_system;

create trigger shipment_status_counts_insert after insert on shipments
  referencing new table as new_rows for each statement execute function shipment_status_counts_apply();
create trigger shipment_status_counts_update after update on shipments
  referencing old table as old_rows new table as new_rows
  for each statement execute function shipment_status_counts_apply();
create trigger shipment_status_counts_delete after delete on shipments
  referencing old table as old_rows for each statement execute function shipment_status_counts_apply();

-- The shipments already there.
insert into shipment_status_counts (party_kind, party_id, status, on_time, shipment_count)
select k.party_kind, k.party_id, k.status, k.on_time, count(*)
  from (select 'operator' as party_kind, operator_company_id as party_id, status,
                   (case when is_on_time is null then -1 when is_on_time then 1 else 0 end)::smallint as on_time
              from shipments
            union all
            select 'customer', customer_company_id, status,
                   (case when is_on_time is null then -1 when is_on_time then 1 else 0 end)::smallint
              from shipments
            union all
            select 'carrier', carrier_company_id, status,
                   (case when is_on_time is null then -1 when is_on_time then 1 else 0 end)::smallint
              from shipments where carrier_company_id is not null
            union all
            select 'self_hauled', customer_company_id, status,
                   (case when is_on_time is null then -1 when is_on_time then 1 else 0 end)::smallint
              from shipments where carrier_company_id = customer_company_id) as k
 group by k.party_kind, k.party_id, k.status, k.on_time;
