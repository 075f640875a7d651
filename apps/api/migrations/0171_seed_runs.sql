-- How long seeding the demo world took (decision 196): written by `npm run seed` when it finishes, read
-- by `npm run bench`, which reports the seeding budget of the world it measures. Emptied by a reset.
create table seed_runs (
  id bigint generated always as identity primary key,
  shipments integer not null check (shipments >= 0),
  seconds numeric(10, 1) not null check (seconds >= 0),
  -- The machine's one-minute load average when seeding started and finished: the figure is only
  -- comparable with them.
  load_average_start numeric(6, 2) not null,
  load_average_end numeric(6, 2) not null,
  engine text not null check (engine in ('postgres', 'pglite')),
  finished_at timestamptz not null default now()
);
alter table seed_runs enable row level security;
alter table seed_runs force row level security;
create policy system_all on seed_runs to portal_system using (true) with check (true);
grant select, insert on seed_runs to portal_system;
