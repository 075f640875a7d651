-- A load put on the load board is written down in the same transaction as its status change, so its
-- saved-lane announcement survives when no API process is listening at that moment: a process that
-- starts (or hears the next announcement) announces every load still waiting, once.
create table load_posted_announcements (
  id bigint generated always as identity primary key,
  shipment_id uuid not null references shipments (id) on delete cascade,
  posted_at timestamptz not null default now(),
  announced_at timestamptz
);
create index load_posted_announcements_waiting_idx on load_posted_announcements (id)
  where announced_at is null;
alter table load_posted_announcements enable row level security;
alter table load_posted_announcements force row level security;
create policy system_all on load_posted_announcements to portal_system using (true) with check (true);
-- The portal's users only ever add a row, through the trigger of a status change they may make.
create policy tenant_insert on load_posted_announcements for insert to portal_app with check (true);
grant select, insert, update, delete on load_posted_announcements to portal_system;
grant insert on load_posted_announcements to portal_app;

create or replace function announce_load_posted() returns trigger
language plpgsql as $$
begin
  if new.status = 1 and (tg_op = 'UPDATE' or current_user <> 'portal_system') then
    insert into load_posted_announcements (shipment_id) values (new.id);
    perform pg_notify('portal_load_posted', new.id::text);
  end if;
  return new;
end $$;
