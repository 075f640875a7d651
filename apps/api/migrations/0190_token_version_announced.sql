-- A user's token version moves on when they sign out or set a new password (decision 085). Every API
-- process keeps authenticated callers, with the token version they had, for a few seconds (decision
-- 070): the change is announced like any other change to who a caller is, so that a bearer token
-- revoked through one node stops working on every node at once (decision 190).
drop trigger users_announce_auth_change on users;

create trigger users_announce_auth_change
  after update of company_id, first_name, last_name, login_email, roles, permissions,
                  is_portal_enabled, disabled_at, token_version or delete on users
  for each statement execute function announce_auth_change();
