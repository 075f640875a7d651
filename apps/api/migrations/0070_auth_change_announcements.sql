-- Each API process keeps the callers it authenticated for a few seconds (shared/auth/auth-cache.ts,
-- decision 070). Whatever changes who a caller is (their roles, permissions, company, whether they
-- may sign in, the carriers a factoring company factors, a session or api key ending) is announced on
-- one channel, and every process listening empties its cache. Statement triggers: one announcement
-- per statement however many rows it touches; the writes they watch are rare. A session is announced
-- by its own id hash, so that only it is dropped: when it ends, or when a deadline moves earlier
-- (the idle clock moving forward once a minute is not announced).
create function announce_auth_change() returns trigger
language plpgsql as $$
begin
  perform pg_notify('portal_auth_changes', tg_table_name);
  return null;
end $$;

create function announce_session_change() returns trigger
language plpgsql as $$
begin
  perform pg_notify('portal_auth_changes', 'session:' || old.id_hash);
  return null;
end $$;

create trigger users_announce_auth_change
  after update of company_id, first_name, last_name, login_email, roles, permissions,
                  is_portal_enabled, disabled_at or delete on users
  for each statement execute function announce_auth_change();

create trigger companies_announce_auth_change
  after insert or update of kind, name, is_broker, factoring_company_id or delete on companies
  for each statement execute function announce_auth_change();

create trigger user_sessions_announce_end
  after delete on user_sessions
  for each row execute function announce_session_change();

create trigger user_sessions_announce_earlier_deadline
  after update of idle_expires_at, absolute_expires_at on user_sessions
  for each row
  when (new.idle_expires_at < old.idle_expires_at or new.absolute_expires_at < old.absolute_expires_at)
  execute function announce_session_change();

create trigger api_keys_announce_auth_change
  after update of company_id, created_by, roles, permissions, revoked_at or delete on api_keys
  for each statement execute function announce_auth_change();
