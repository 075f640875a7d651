-- The tenders and cases a seeding's history added in the same run (`--tenders`, `--cases`: up to those
-- totals) and how long that took: `npm run bench` judges the seeding budget (1,000,000 shipments in
-- under 3 minutes) on the shipments and shows the history's time beside it.
alter table seed_runs
  add column history_tenders integer not null default 0 check (history_tenders >= 0),
  add column history_cases integer not null default 0 check (history_cases >= 0),
  add column history_seconds numeric(10, 1) not null default 0 check (history_seconds >= 0);
