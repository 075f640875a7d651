-- compose.yaml's first start of PostgreSQL (the postgres image runs this once, as the superuser
-- `portal`, in the new database): the login role the API nodes and the worker connect as, as the
-- README's Database roles describes (decision 185). It owns nothing and has no rights of its own
-- (noinherit): it takes those of portal_app, portal_system or portal_jobs one transaction at a time.
-- The migrations, run as `portal`, find the three roles here and leave them as they are.
do $$
declare name text;
begin
  foreach name in array array['portal_app', 'portal_system', 'portal_jobs'] loop
    begin
      execute format('create role %I nologin noinherit', name);
    exception when duplicate_object or unique_violation then null;
    end;
  end loop;
end $$;
create role portal_runtime login noinherit nosuperuser nocreatedb nocreaterole nobypassrls
  password 'portal-runtime';
grant portal_app, portal_system, portal_jobs to portal_runtime;
