-- Accessorial requests (cases) raised by carriers and worked by the operator's staff (decisions 100-103).

-- The four statuses users see, kept beside the stored status so that views, counts and filters read one
-- indexed column. Mirrors collapseCaseStatus in packages/domain/src/cases.ts (a test holds them equal):
-- a paid or declined case, or a resolved or voided one, is Resolved; on-hold and in-progress variants
-- collapse to their group; everything else is New.
alter table cases
  add column status_group text generated always as (
    case
      when resolution_type in ('Paid', 'Declined') or status in ('Resolved', 'Voided') then 'Resolved'
      when status like 'OnHold%' then 'OnHold'
      when status like 'InProgress%' then 'InProgress'
      else 'New'
    end) stored,
  -- Two members of staff may work the same case: every change carries the version it was based on.
  add column version integer not null default 1,
  -- The stop a detention (or lumper) request is about; a stop has at most one open detention request.
  add column shipment_stop_id uuid references shipment_stops (id);

create index cases_status_group_idx on cases (status_group, created_at desc);
create index cases_created_idx on cases (created_at desc, id);
create index cases_stop_idx on cases (shipment_stop_id) where shipment_stop_id is not null;
create index case_involved_parties_company_case_idx on case_involved_parties (company_id, case_id);

-- Detention terms are the customer's: free time at a stop, then an hourly rate (decision 102).
alter table companies
  add column detention_free_minutes integer not null default 120
    check (detention_free_minutes between 0 and 1440),
  add column detention_rate_cents bigint not null default 7500
    check (detention_rate_cents between 0 and 100000);

-- The carrier that raises a case names the other parties (the customer, the operator) in the same
-- transaction; the tenant_all policy only lets a company add itself, so a second permissive policy lets
-- the case's own carrier add parties to it. The case is read through a function running as
-- portal_system: a policy on case_involved_parties that read cases (whose policy reads
-- case_involved_parties) would recurse.
create function app_is_own_carrier_case(p_case_id uuid) returns boolean
  language sql stable security definer
  set search_path = public
  as $$ select exists (select 1 from cases c where c.id = p_case_id and c.carrier_company_id = app_company_id()) $$;
alter function app_is_own_carrier_case(uuid) owner to portal_system;
revoke execute on function app_is_own_carrier_case(uuid) from public;
grant execute on function app_is_own_carrier_case(uuid) to portal_app, portal_system;

create policy carrier_names_parties on case_involved_parties for insert to portal_app
  with check (app_is_own_carrier_case(case_id));

-- Resolving a case Paid adds a charge to the carrier's AP invoice of the shipment (and writes the invoice
-- when there is none yet). Only the operator's staff resolve cases.
grant insert on ap_invoices, ap_invoice_charges to portal_app;
create policy operator_insert on ap_invoices for insert to portal_app
  with check ((select app_is_operator()));
create policy operator_insert on ap_invoice_charges for insert to portal_app
  with check ((select app_is_operator()));
