-- The companies involved in a case see each other on it (the detail lists the involved parties, and
-- their people can be mentioned in its notes). A policy on case_involved_parties cannot read its own
-- table without recursing, so the cases a company is involved in come from a function that runs as
-- portal_system (whose policy is simply true) and answers only for the caller's own company.
create function app_involved_case_ids() returns setof uuid
  language sql stable security definer
  set search_path = public
  as $$ select case_id from case_involved_parties where company_id = app_company_id() $$;
alter function app_involved_case_ids() owner to portal_system;
revoke execute on function app_involved_case_ids() from public;
grant execute on function app_involved_case_ids() to portal_app, portal_system;

alter policy tenant_all on case_involved_parties
  using (app_is_operator()
         or company_id = app_company_id()
         or company_id = any (app_carrier_ids())
         or case_id in (select app_involved_case_ids()));
