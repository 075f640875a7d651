-- The job queue's own role (decision 185). pg-boss creates and changes its tables in schema pgboss as
-- portal_jobs, so the login role the API and workers connect as owns nothing and may create nothing:
-- it only switches to portal_app, portal_system or portal_jobs.
do $$
begin
  create role portal_jobs nologin noinherit;
exception when duplicate_object or unique_violation then null;
end $$;
do $$
begin
  execute format('grant portal_jobs to %I', current_user);
exception when others then null;
end $$;

-- pg-boss's install script begins with `create schema if not exists pgboss`, which asks for the
-- right to create schemas in this database even when the schema is there.
do $$
begin
  execute format('grant create on database %I to portal_jobs', current_database());
end $$;

create schema if not exists pgboss;
alter schema pgboss owner to portal_jobs;

-- A queue made before this migration (by the connecting user) passes to portal_jobs.
do $$
declare item record;
begin
  for item in
    select c.relname as name, c.relkind as kind from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'pgboss' and c.relkind in ('r', 'p', 'S', 'v')
  loop
    execute format('alter %s pgboss.%I owner to portal_jobs',
      case item.kind when 'S' then 'sequence' when 'v' then 'view' else 'table' end, item.name);
  end loop;
  for item in
    select p.oid::regprocedure::text as signature from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'pgboss'
  loop
    execute format('alter function %s owner to portal_jobs', item.signature);
  end loop;
  for item in
    select t.typname as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'pgboss' and t.typtype = 'e'
  loop
    execute format('alter type pgboss.%I owner to portal_jobs', item.name);
  end loop;
end $$;

-- A database set up by the README's recipe lets every role create in schema public while the first
-- migrations hand their security-definer functions to the portal's roles; no role needs that now.
revoke create on schema public from public, portal_app, portal_system;
