-- Session replay (portal-shell sections 1 and 9; decision 181, replacing decision 033's "not
-- recorded"). The browser records with rrweb, inputs and note and document bodies masked, and posts
-- its events in chunks here; the operator's administrators play a session back. The recorded user's
-- context (id, name, company, roles, permissions) is taken from the signed-in caller, not the browser.
create table session_replays (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  company_id uuid not null references companies (id),
  user_context jsonb not null,
  first_path text not null,
  started_at timestamptz not null default now(),
  last_event_at timestamptz not null default now(),
  event_count integer not null default 0,
  size_bytes integer not null default 0
);
create index session_replays_started_idx on session_replays (started_at desc, id);

create table session_replay_chunks (
  replay_id uuid not null references session_replays (id) on delete cascade,
  sequence integer not null,
  events jsonb not null,
  size_bytes integer not null,
  created_at timestamptz not null default now(),
  primary key (replay_id, sequence)
);

-- Whether sessions are recorded, as the operator's administrators last set it (one row at most);
-- without a row, SESSION_REPLAY or MONITORING_COLLECTOR_URL decides.
create table session_replay_setting (
  id boolean primary key default true check (id),
  enabled boolean not null,
  updated_by uuid references users (id) on delete set null,
  updated_at timestamptz not null default now()
);

do $$
declare t text;
begin
  foreach t in array array['session_replays', 'session_replay_chunks', 'session_replay_setting']
  loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format('create policy system_all on %I to portal_system using (true) with check (true)', t);
    execute format('grant select, insert, update, delete on %I to portal_system', t);
  end loop;
end $$;

-- A signed-in user writes their own recordings; only the operator reads them.
grant select, insert, update on session_replays to portal_app;
create policy own_or_operator on session_replays to portal_app
  using (user_id = app_user_id() or app_is_operator())
  with check (user_id = app_user_id() and company_id = app_company_id());
grant select, insert on session_replay_chunks to portal_app;
create policy own_or_operator on session_replay_chunks to portal_app
  using (exists (select 1 from session_replays r where r.id = replay_id
                 and (r.user_id = app_user_id() or app_is_operator())))
  with check (exists (select 1 from session_replays r where r.id = replay_id
                      and r.user_id = app_user_id()));
-- Everyone reads whether recording is on; the operator changes it.
grant select, insert, update on session_replay_setting to portal_app;
create policy everyone_reads on session_replay_setting for select to portal_app using (true);
create policy operator_writes on session_replay_setting for insert to portal_app
  with check (app_is_operator());
create policy operator_updates on session_replay_setting for update to portal_app
  using (app_is_operator()) with check (app_is_operator());
