-- Identity and access: the built-in OpenID provider's state, browser sessions, password and
-- activation links, sign-in throttling, links to external identities, and driver links.
-- Everything here except driver links is read and written only by the system role: a tenant has no
-- business with sessions, tokens or counters, its own or anyone's.

-- The built-in provider's models (sessions, interactions, grants, codes, tokens), one row each,
-- shared by every API node. Ids are the provider's own (text); kind is its model name.
create table oidc_payloads (
  kind text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  user_code text,
  uid text,
  account_id text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (kind, id)
);
create index oidc_payloads_grant_idx on oidc_payloads (grant_id) where grant_id is not null;
create index oidc_payloads_uid_idx on oidc_payloads (uid) where uid is not null;
create index oidc_payloads_user_code_idx on oidc_payloads (user_code) where user_code is not null;
create index oidc_payloads_account_idx on oidc_payloads (account_id) where account_id is not null;
create index oidc_payloads_expires_idx on oidc_payloads (expires_at) where expires_at is not null;

-- Links a driver follows from a text message: a token (only its hash is kept) that opens a
-- session limited to that driver's shipments.
create table driver_links (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id),
  driver_id uuid not null references users (id) on delete cascade,
  token_hash text not null unique,
  created_by uuid references users (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  last_used_at timestamptz
);
create index driver_links_driver_idx on driver_links (driver_id);
create index driver_links_company_idx on driver_links (company_id, created_at desc);

-- Browser sessions of the backend-for-frontend. The cookie carries a random value; only its SHA-256
-- is stored, so reading this table does not give anyone a working cookie. The issuer's tokens are
-- sealed with a key derived from APP_SECRET.
create table user_sessions (
  id_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  company_id uuid not null references companies (id),
  driver_link_id uuid references driver_links (id) on delete cascade,
  issuer text,
  subject text,
  tokens_sealed text,
  access_expires_at timestamptz,
  -- One request at a time renews the issuer's tokens: it holds this lease while it does.
  refresh_lease_until timestamptz,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  idle_expires_at timestamptz not null,
  absolute_expires_at timestamptz not null,
  sign_in_noticed boolean not null default false,
  user_agent text,
  ip_address text
);
create index user_sessions_user_idx on user_sessions (user_id);
create index user_sessions_absolute_idx on user_sessions (absolute_expires_at);

-- Who a user is at an external issuer (issuer + subject), linked on first sign-in by e-mail address.
create table user_identities (
  issuer text not null,
  subject text not null,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (issuer, subject)
);
create index user_identities_user_idx on user_identities (user_id);

-- Single-use password-reset and account-activation links. Only the token's SHA-256 is stored.
create table password_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('reset', 'activation')),
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_tokens_user_idx on password_tokens (user_id, purpose);

-- Failed sign-ins (and reset requests) counted per account and per address in a fixed window, so
-- the limit holds across API nodes.
create table auth_throttle (
  key text primary key,
  window_started_at timestamptz not null,
  failures integer not null default 0,
  locked_until timestamptz
);

do $$
declare t text;
begin
  foreach t in array array['oidc_payloads', 'driver_links', 'user_sessions', 'user_identities',
                           'password_tokens', 'auth_throttle']
  loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format('create policy system_all on %I to portal_system using (true) with check (true)', t);
    execute format('grant select, insert, update, delete on %I to portal_system', t);
  end loop;
end $$;

-- Dispatchers make and revoke driver links for their own company's drivers.
grant select, insert, update on driver_links to portal_app;
create policy tenant_all on driver_links to portal_app
  using (app_is_operator() or company_id = app_company_id())
  with check (company_id = app_company_id()
              and exists (select 1 from users u where u.id = driver_id and u.company_id = app_company_id()));

-- The operator's administrators read the e-mail outbox (the embedded default has no other mailbox).
grant select on email_outbox to portal_app;
create policy operator_read on email_outbox for select to portal_app using (app_is_operator());

-- Sending e-mail: a node claims a message for a short while (lease), so two nodes never send it
-- twice; a failed attempt sets the time of the next one.
alter table email_outbox add column lease_until timestamptz;

-- An administrator approving an access request makes the user and its activation link in one
-- transaction, as the application role: links of the company's own users only.
grant select, insert, update on password_tokens to portal_app;
create policy tenant_own_users on password_tokens to portal_app
  using (exists (select 1 from users u where u.id = user_id
                 and (app_is_operator() or u.company_id = app_company_id())))
  with check (exists (select 1 from users u where u.id = user_id
                      and (app_is_operator() or u.company_id = app_company_id())));
