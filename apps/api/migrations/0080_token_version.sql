-- Bearer tokens carry the user's token version (claim "tv"); signing out and setting a new password
-- move it on, so tokens issued before stop working at once instead of living out their hour
-- (decision 085). Row-level security, policies and grants of users are unchanged.
alter table users add column token_version integer not null default 0;
