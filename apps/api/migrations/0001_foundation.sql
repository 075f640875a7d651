-- Foundation schema: every entity of both specs, tenancy functions and row-level security.
-- Money is integer cents (bigint); times are timestamptz (UTC) with the stop's IANA zone beside them.

create extension if not exists citext;
create extension if not exists pg_trgm;
create extension if not exists cube;
create extension if not exists earthdistance;

-- Two NOLOGIN roles the connection user switches to per transaction (SET LOCAL ROLE):
-- portal_app for everything done on behalf of a caller (row-level security applies),
-- portal_system for sign-in lookups, jobs and the demo world (all rows, still not a superuser).
do $$
begin
  create role portal_app nologin noinherit;
exception when duplicate_object or unique_violation then null;
end $$;
do $$
begin
  create role portal_system nologin noinherit;
exception when duplicate_object or unique_violation then null;
end $$;
do $$
begin
  execute format('grant portal_app, portal_system to %I', current_user);
exception when others then null;
end $$;

-- The caller, as set by the application at the start of each transaction.
create function app_company_id() returns uuid
  language sql stable parallel safe
  as $$ select nullif(current_setting('app.company_id', true), '')::uuid $$;
create function app_user_id() returns uuid
  language sql stable parallel safe
  as $$ select nullif(current_setting('app.user_id', true), '')::uuid $$;
-- operator | carrier | factoring | customer
create function app_scope() returns text
  language sql stable parallel safe
  as $$ select coalesce(nullif(current_setting('app.scope', true), ''), 'none') $$;
-- Carrier companies whose freight the caller may see: the carrier itself, or the carriers a factoring company factors.
create function app_carrier_ids() returns uuid[]
  language sql stable parallel safe
  as $$ select coalesce(string_to_array(nullif(current_setting('app.carrier_ids', true), ''), ',')::uuid[], '{}') $$;
-- Set for driver sessions: only shipments the driver is assigned to.
create function app_driver_id() returns uuid
  language sql stable parallel safe
  as $$ select nullif(current_setting('app.driver_id', true), '')::uuid $$;
create function app_is_operator() returns boolean
  language sql stable parallel safe
  as $$ select app_scope() = 'operator' $$;

-- Reference data: US ZIP codes and Canadian FSAs with coordinates and IANA zones.
create table postal_codes (
  postal_code text primary key,
  country text not null check (country in ('US', 'CA')),
  city text not null,
  state text not null,
  latitude double precision not null,
  longitude double precision not null,
  iana_timezone text
);
create index postal_codes_earth_idx on postal_codes using gist (ll_to_earth(latitude, longitude));
create index postal_codes_city_trgm_idx on postal_codes using gin (city gin_trgm_ops);

create sequence company_number_seq start 10001;
create table companies (
  id uuid primary key default gen_random_uuid(),
  company_number text not null unique default nextval('company_number_seq')::text,
  kind text not null check (kind in ('operator', 'customer', 'carrier', 'factoring')),
  name text not null,
  is_broker boolean not null default false,
  is_bookable boolean not null default true,
  is_on_hold boolean not null default false,
  do_not_use boolean not null default false,
  do_not_use_contact_email text,
  is3pl boolean not null default false,
  has3pl_network boolean not null default false,
  factoring_company_id uuid references companies (id),
  mc_number text,
  dot_number text,
  scac text,
  logo_document_id uuid,
  tracking_integration_expires_at timestamptz,
  created_at timestamptz not null default now()
);
create index companies_factoring_idx on companies (factoring_company_id) where factoring_company_id is not null;

create table users (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id),
  first_name text not null,
  last_name text not null,
  user_name citext unique,
  login_email citext unique,
  function_title text,
  linked_in_profile_url text,
  roles text[] not null default '{}',
  permissions text[] not null default '{}',
  access_levels text[] not null default '{}',
  is_portal_enabled boolean not null default false,
  password_hash text,
  password_changed_at timestamptz,
  has_accepted_terms boolean not null default false,
  profile_document_id uuid,
  disabled_at timestamptz,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index users_company_idx on users (company_id);
create index users_name_idx on users (company_id, lower(first_name), lower(last_name));

create table user_emails (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  value citext not null,
  email_type text not null default 'Work',
  is_primary boolean not null default false
);
create index user_emails_user_idx on user_emails (user_id);

create table user_phones (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  phone_number text not null,
  extension text,
  phone_type text not null default 'Office' check (phone_type in ('Office', 'Mobile', 'Fax', 'Home')),
  is_primary boolean not null default false
);
create index user_phones_user_idx on user_phones (user_id);

create table locations (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id),
  location_number text not null unique,
  name text not null,
  location_type text not null default 'Warehouse',
  is_primary_location boolean not null default false,
  lumpers_available boolean not null default false,
  is_appointment_required boolean not null default false,
  overnight_parking boolean not null default false,
  address_line1 text not null,
  address_line2 text,
  city text not null,
  province text not null,
  postal_code text not null,
  country text not null default 'US' check (country in ('US', 'CA')),
  phone_numbers text[] not null default '{}',
  edi_codes text[] not null default '{}',
  email text,
  dock_length integer,
  directions text,
  latitude double precision,
  longitude double precision,
  iana_timezone text not null,
  created_at timestamptz not null default now()
);
create index locations_company_idx on locations (company_id);
create index locations_name_trgm_idx on locations using gin (name gin_trgm_ops);

create table user_locations (
  user_id uuid not null references users (id) on delete cascade,
  location_id uuid not null references locations (id) on delete cascade,
  primary key (user_id, location_id)
);

create table dock_schedules (
  id uuid primary key default gen_random_uuid(),
  location_id uuid not null references locations (id) on delete cascade,
  company_id uuid not null references companies (id),
  name text not null,
  is_appointment_required boolean not null default false,
  equipment_modes smallint[] not null default '{0,1,2,3}',
  shipping_modes smallint[] not null default '{0,1,2,3}',
  stop_types text[] not null default '{Shipping,Receiving}',
  tms_company_id text
);
create index dock_schedules_location_idx on dock_schedules (location_id);

create table dock_hours (
  id uuid primary key default gen_random_uuid(),
  dock_schedule_id uuid not null references dock_schedules (id) on delete cascade,
  company_id uuid not null references companies (id),
  day_of_week smallint not null check (day_of_week between 0 and 6),
  is_closed boolean not null default false,
  is_twenty_four_hour boolean not null default false,
  start_time time not null default '00:00',
  end_time time not null default '23:59',
  unique (dock_schedule_id, day_of_week)
);

-- Orders belong to a customer (a shipper, or a broker acting for one); the operator runs them.
create sequence order_number_seq start 5000001;
create table orders (
  id uuid primary key default gen_random_uuid(),
  order_number text not null unique default nextval('order_number_seq')::text,
  customer_company_id uuid not null references companies (id),
  operator_company_id uuid not null references companies (id),
  order_type text not null default 'Standard',
  freight_term_type text not null default 'Prepaid',
  status text not null default 'Open',
  markup_cents bigint not null default 0,
  freight_value_cents bigint,
  shipping_mode smallint not null default 0,
  equipment_mode smallint not null default 0,
  equipment_types integer not null default 1,
  is_just_in_time boolean not null default false,
  is_team_required boolean not null default false,
  is_blind boolean not null default false,
  is_hazmat boolean not null default false,
  special_instructions text,
  reefer_temperature numeric(5, 1),
  reefer_mode text,
  hazmat_emergency_contact_info text,
  chemtrac_account_number text,
  order_source text not null default 'Portal',
  sales_order_number text,
  purchase_order_number text,
  transfer_order_number text,
  return_authorization_number text,
  tms_order_details jsonb,
  created_by uuid references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index orders_customer_idx on orders (customer_company_id, created_at desc);

create table order_stops (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references orders (id) on delete cascade,
  customer_company_id uuid not null references companies (id),
  stop_number smallint not null,
  stop_type text not null check (stop_type in ('Pickup', 'Delivery')),
  location_id uuid references locations (id),
  location_number text,
  edi_code text,
  location_name text not null,
  address_line1 text,
  city text not null,
  state text not null,
  postal_code text not null,
  country text not null default 'US',
  latitude double precision,
  longitude double precision,
  iana_timezone text not null,
  appointment_at timestamptz,
  early_at timestamptz,
  late_at timestamptz,
  contact_first_name text,
  contact_last_name text,
  contact_email text,
  contact_phone text,
  unique (order_id, stop_number)
);

create table order_line_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references orders (id) on delete cascade,
  customer_company_id uuid not null references companies (id),
  pickup_stop_id uuid not null references order_stops (id),
  delivery_stop_id uuid not null references order_stops (id),
  description text not null,
  freight_class text,
  package_type text not null default 'Pallet',
  package_count integer not null check (package_count >= 0),
  piece_count integer,
  length_inches numeric(8, 2),
  width_inches numeric(8, 2),
  height_inches numeric(8, 2),
  weight_pounds numeric(10, 2) not null,
  is_hazmat boolean not null default false,
  hazmat_group text,
  hazmat_class text,
  un_number text
);
create index order_line_items_order_idx on order_line_items (order_id);

create table reference_numbers (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references orders (id) on delete cascade,
  order_stop_id uuid references order_stops (id) on delete cascade,
  customer_company_id uuid not null references companies (id),
  label text not null,
  value text not null
);
create index reference_numbers_order_idx on reference_numbers (order_id);
create index reference_numbers_value_idx on reference_numbers (lower(value) text_pattern_ops);

create table order_requirements (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references orders (id) on delete cascade,
  customer_company_id uuid not null references companies (id),
  requirement text not null,
  description text
);
create index order_requirements_order_idx on order_requirements (order_id);

create table order_accessorials (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references orders (id) on delete cascade,
  customer_company_id uuid not null references companies (id),
  code text not null,
  description text not null,
  amount_cents bigint not null default 0
);
create index order_accessorials_order_idx on order_accessorials (order_id);

-- Carrier equipment.
create table trailers (
  id uuid primary key default gen_random_uuid(),
  carrier_company_id uuid not null references companies (id),
  trailer_number text not null,
  equipment_type integer not null,
  length_feet smallint,
  vin text,
  license_plate text,
  license_state text,
  model_year smallint,
  make text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  unique (carrier_company_id, trailer_number)
);

create table power_units (
  id uuid primary key default gen_random_uuid(),
  carrier_company_id uuid not null references companies (id),
  unit_number text not null,
  vin text,
  license_plate text,
  license_state text,
  model_year smallint,
  make text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  unique (carrier_company_id, unit_number)
);

create table trips (
  id uuid primary key default gen_random_uuid(),
  trip_number text not null unique,
  carrier_company_id uuid not null references companies (id),
  created_at timestamptz not null default now()
);

-- Shipments. Origin and destination are copied from the first and last stop so lists never join stops.
create sequence shipment_number_seq start 1000001;
create table shipments (
  id uuid primary key default gen_random_uuid(),
  shipment_number text not null unique default nextval('shipment_number_seq')::text,
  order_id uuid references orders (id),
  operator_company_id uuid not null references companies (id),
  customer_company_id uuid not null references companies (id),
  carrier_company_id uuid references companies (id),
  trip_id uuid references trips (id),
  status smallint not null default 0 check (status between -1 and 8),
  shipping_mode smallint not null default 0,
  equipment_mode smallint not null default 0,
  equipment_types integer not null default 1,
  equipment_length_feet smallint,
  trailer_id uuid references trailers (id),
  power_unit_id uuid references power_units (id),
  total_weight_pounds numeric(10, 2),
  total_miles integer,
  max_buy_cents bigint,
  carrier_rate_cents bigint,
  customer_rate_cents bigint,
  rate_type text,
  charge_rate_type text,
  origination_type text check (origination_type in ('TmsContract', 'TmsSpot')),
  service_level smallint not null default 0,
  shipping_pro_number text,
  is_quick_closed boolean not null default false,
  empty_location_city text,
  empty_location_state text,
  empty_location_postal_code text,
  empty_at timestamptz,
  origin_city text not null,
  origin_state text not null,
  origin_postal_code text not null,
  origin_latitude double precision,
  origin_longitude double precision,
  destination_city text not null,
  destination_state text not null,
  destination_postal_code text not null,
  destination_latitude double precision,
  destination_longitude double precision,
  pickup_at timestamptz,
  delivery_at timestamptz,
  next_update_due_at timestamptz,
  is_on_time boolean,
  booked_at timestamptz,
  delivered_at timestamptz,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index shipments_number_pattern_idx on shipments (shipment_number text_pattern_ops);
create index shipments_carrier_status_idx on shipments (carrier_company_id, status, pickup_at desc) where carrier_company_id is not null;
create index shipments_carrier_number_idx on shipments (carrier_company_id, shipment_number text_pattern_ops) where carrier_company_id is not null;
create index shipments_customer_status_idx on shipments (customer_company_id, status, pickup_at desc);
create index shipments_customer_number_idx on shipments (customer_company_id, shipment_number text_pattern_ops);
create index shipments_available_idx on shipments (pickup_at) where status = 1;
create index shipments_order_idx on shipments (order_id);
create index shipments_trip_idx on shipments (trip_id) where trip_id is not null;
create index shipments_origin_earth_idx on shipments using gist (ll_to_earth(origin_latitude, origin_longitude)) where status = 1;

create table shipment_stops (
  id uuid primary key default gen_random_uuid(),
  shipment_id uuid not null references shipments (id) on delete cascade,
  order_stop_id uuid references order_stops (id),
  stop_number smallint not null,
  stop_type text not null check (stop_type in ('Pickup', 'Delivery')),
  location_id uuid references locations (id),
  location_name text not null,
  address_line1 text,
  city text not null,
  state text not null,
  postal_code text not null,
  country text not null default 'US',
  latitude double precision,
  longitude double precision,
  iana_timezone text not null,
  early_at timestamptz,
  late_at timestamptz,
  appointment_at timestamptz,
  arrived_at timestamptz,
  departed_at timestamptz,
  is_preloaded boolean not null default false,
  unique (shipment_id, stop_number)
);

create table stop_line_item_confirmations (
  shipment_stop_id uuid not null references shipment_stops (id) on delete cascade,
  order_line_item_id uuid not null references order_line_items (id),
  shipment_id uuid not null references shipments (id) on delete cascade,
  confirmed_package_count integer not null check (confirmed_package_count >= 0),
  confirmed_at timestamptz not null default now(),
  primary key (shipment_stop_id, order_line_item_id)
);

create table shipment_drivers (
  shipment_id uuid not null references shipments (id) on delete cascade,
  driver_id uuid not null references users (id),
  carrier_company_id uuid not null references companies (id),
  is_primary boolean not null default true,
  assigned_at timestamptz not null default now(),
  assigned_by uuid references users (id),
  primary key (shipment_id, driver_id)
);
create index shipment_drivers_driver_idx on shipment_drivers (driver_id);

create table tracking_activities (
  id uuid primary key default gen_random_uuid(),
  shipment_id uuid not null references shipments (id) on delete cascade,
  shipment_stop_id uuid references shipment_stops (id) on delete cascade,
  activity_type text not null,
  occurred_at timestamptz not null,
  city text,
  state text,
  latitude double precision,
  longitude double precision,
  note text,
  source text not null default 'Portal',
  created_by uuid references users (id),
  created_at timestamptz not null default now()
);
create index tracking_activities_shipment_idx on tracking_activities (shipment_id, occurred_at desc);

create table tracking_problems (
  id uuid primary key default gen_random_uuid(),
  shipment_id uuid not null references shipments (id) on delete cascade,
  problem_type text not null,
  description text not null,
  reported_by uuid references users (id),
  reported_at timestamptz not null default now(),
  resolved_at timestamptz
);
create index tracking_problems_shipment_idx on tracking_problems (shipment_id);

create table shipment_history (
  id bigint generated always as identity primary key,
  shipment_id uuid not null references shipments (id) on delete cascade,
  occurred_at timestamptz not null default now(),
  user_id uuid references users (id),
  action text not null,
  from_status smallint,
  to_status smallint,
  detail jsonb
);
create index shipment_history_shipment_idx on shipment_history (shipment_id, occurred_at);

-- Tenders: a shipment offered to one carrier at a rate. Customer copied so the policy needs no join.
create sequence tender_number_seq start 700001;
create table tenders (
  id uuid primary key default gen_random_uuid(),
  tender_number text not null unique default nextval('tender_number_seq')::text,
  shipment_id uuid not null references shipments (id) on delete cascade,
  carrier_company_id uuid not null references companies (id),
  customer_company_id uuid not null references companies (id),
  status smallint not null default 0 check (status between 0 and 4),
  rate_cents bigint not null,
  rate_type text not null default 'Flat',
  charge_rate_type text not null default 'LineHaul',
  expires_at timestamptz,
  sent_at timestamptz not null default now(),
  sent_by uuid references users (id),
  responded_at timestamptz,
  responded_by uuid references users (id),
  rejection_reason text
);
create index tenders_carrier_status_idx on tenders (carrier_company_id, status, sent_at desc);
create index tenders_shipment_idx on tenders (shipment_id);

-- Carrier offers (bids) on available freight.
create table offers (
  id uuid primary key default gen_random_uuid(),
  shipment_id uuid not null references shipments (id) on delete cascade,
  carrier_company_id uuid not null references companies (id),
  customer_company_id uuid not null references companies (id),
  amount_cents bigint not null check (amount_cents > 0),
  status text not null default 'Open' check (status in ('Open', 'Accepted', 'Declined', 'Withdrawn')),
  created_by uuid references users (id),
  created_at timestamptz not null default now()
);
create index offers_shipment_idx on offers (shipment_id);
create index offers_carrier_idx on offers (carrier_company_id, created_at desc);

-- Contract rates a carrier holds for a lane, quotes, and rate requests sent to carriers.
create table rates (
  id uuid primary key default gen_random_uuid(),
  carrier_company_id uuid not null references companies (id),
  customer_company_id uuid references companies (id),
  origin_state text not null,
  origin_city text,
  destination_state text not null,
  destination_city text,
  shipping_mode smallint not null default 0,
  equipment_mode smallint not null default 0,
  rate_cents bigint not null check (rate_cents >= 0),
  rate_type text not null default 'Flat',
  charge_rate_type text not null default 'LineHaul',
  rate_source text not null default 'Contract',
  service_level smallint not null default 0,
  service_days smallint,
  is_guaranteed_rate boolean not null default false,
  effective_from date not null,
  effective_to date
);
create index rates_carrier_idx on rates (carrier_company_id, origin_state, destination_state);

create sequence quote_number_seq start 300001;
create table quotes (
  id uuid primary key default gen_random_uuid(),
  quote_number text not null unique default nextval('quote_number_seq')::text,
  customer_company_id uuid not null references companies (id),
  carrier_company_id uuid references companies (id),
  shipment_id uuid references shipments (id) on delete set null,
  shipping_mode smallint not null default 0,
  equipment_mode smallint not null default 0,
  effective_date date not null,
  price_cents bigint not null,
  markup_total_cents bigint not null default 0,
  is_hazmat_required boolean not null default false,
  is_team_required boolean not null default false,
  quote_stops jsonb not null default '[]',
  created_at timestamptz not null default now()
);

create table rate_requests (
  id uuid primary key default gen_random_uuid(),
  shipment_id uuid not null references shipments (id) on delete cascade,
  carrier_company_id uuid not null references companies (id),
  customer_company_id uuid not null references companies (id),
  status text not null default 'Sent' check (status in ('Sent', 'Offered', 'Declined')),
  requested_at timestamptz not null default now(),
  responded_at timestamptz,
  responding_contact_id uuid references users (id),
  offered_rate_cents bigint,
  note text
);
create index rate_requests_carrier_status_idx on rate_requests (carrier_company_id, status, requested_at desc);

-- Accessorial requests (cases).
create sequence case_number_seq start 90001;
create table cases (
  id uuid primary key default gen_random_uuid(),
  case_number text not null unique default nextval('case_number_seq')::text,
  shipment_id uuid references shipments (id),
  order_id uuid references orders (id),
  carrier_company_id uuid references companies (id),
  customer_company_id uuid references companies (id),
  case_type text not null,
  case_source text not null default 'Portal',
  status text not null default 'New',
  resolution_type text not null default 'None',
  priority text not null default 'Normal',
  subject text not null,
  description text,
  amount_requested_cents bigint,
  amount_approved_cents bigint,
  incident_at timestamptz,
  follow_up_at timestamptz,
  assignee_user_id uuid references users (id),
  created_by uuid references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index cases_carrier_idx on cases (carrier_company_id, status, created_at desc);
create index cases_shipment_idx on cases (shipment_id);

create table case_involved_parties (
  case_id uuid not null references cases (id) on delete cascade,
  company_id uuid not null references companies (id),
  party_role text not null,
  primary key (case_id, company_id)
);
create index case_involved_parties_company_idx on case_involved_parties (company_id);

create table case_history (
  id bigint generated always as identity primary key,
  case_id uuid not null references cases (id) on delete cascade,
  occurred_at timestamptz not null default now(),
  user_id uuid references users (id),
  action text not null,
  from_value text,
  to_value text
);
create index case_history_case_idx on case_history (case_id, occurred_at);

-- Accounts payable: what the carrier is paid, and the remittances.
create sequence ap_invoice_number_seq start 400001;
create table ap_invoices (
  id uuid primary key default gen_random_uuid(),
  invoice_number text not null unique default nextval('ap_invoice_number_seq')::text,
  shipment_id uuid not null references shipments (id),
  carrier_company_id uuid not null references companies (id),
  factoring_company_id uuid references companies (id),
  status smallint not null default 0 check (status between -1 and 3),
  carrier_invoice_number text,
  invoice_amount_cents bigint not null default 0,
  invoice_date date,
  due_date date,
  received_at timestamptz,
  settled_at timestamptz,
  paid_at timestamptz,
  shipment_date date,
  version integer not null default 1,
  created_at timestamptz not null default now()
);
create index ap_invoices_carrier_idx on ap_invoices (carrier_company_id, status, shipment_date desc);
create index ap_invoices_factoring_idx on ap_invoices (factoring_company_id, status) where factoring_company_id is not null;
create index ap_invoices_shipment_idx on ap_invoices (shipment_id);

create table ap_invoice_charges (
  id uuid primary key default gen_random_uuid(),
  ap_invoice_id uuid not null references ap_invoices (id) on delete cascade,
  description text not null,
  charge_type_name text not null,
  rate_cents bigint not null,
  units numeric(10, 2) not null default 1,
  case_id uuid references cases (id)
);
create index ap_invoice_charges_invoice_idx on ap_invoice_charges (ap_invoice_id);

create table payments (
  id uuid primary key default gen_random_uuid(),
  check_number text not null unique,
  carrier_company_id uuid not null references companies (id),
  payee_company_id uuid not null references companies (id),
  payment_date date not null,
  amount_cents bigint not null,
  payment_method text not null default 'ACH',
  created_at timestamptz not null default now()
);
create index payments_carrier_idx on payments (carrier_company_id, payment_date desc);
create index payments_payee_idx on payments (payee_company_id, payment_date desc);

create table payment_applications (
  payment_id uuid not null references payments (id) on delete cascade,
  ap_invoice_id uuid not null references ap_invoices (id),
  amount_cents bigint not null,
  primary key (payment_id, ap_invoice_id)
);
create index payment_applications_invoice_idx on payment_applications (ap_invoice_id);

-- Third-party payer invoices: a carrier bills a third party through the portal.
create table third_party_billing_settings (
  id uuid primary key default gen_random_uuid(),
  carrier_company_id uuid not null references companies (id),
  payer_company_id uuid not null references companies (id),
  required_document_types smallint[] not null default '{12}',
  payment_terms_days smallint not null default 30,
  is_active boolean not null default true,
  unique (carrier_company_id, payer_company_id)
);

create sequence third_party_invoice_number_seq start 800001;
create table third_party_invoices (
  id uuid primary key default gen_random_uuid(),
  invoice_number text not null unique default ('TP' || nextval('third_party_invoice_number_seq')::text),
  shipment_id uuid not null references shipments (id),
  carrier_company_id uuid not null references companies (id),
  customer_company_id uuid not null references companies (id),
  factoring_company_id uuid references companies (id),
  billing_settings_id uuid references third_party_billing_settings (id),
  status text not null default 'DRAFT' check (status in ('DRAFT', 'RECEIVED', 'SETTLED', 'PAID_IN_FULL')),
  external_invoice_number text check (char_length(external_invoice_number) <= 50),
  external_invoice_amount_cents bigint check (external_invoice_amount_cents >= 0),
  invoice_amount_cents bigint not null default 0,
  fee_and_balance_cents bigint not null default 0,
  load_date date,
  due_date date,
  received_at timestamptz,
  settled_at timestamptz,
  paid_at timestamptz,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index third_party_invoices_carrier_idx on third_party_invoices (carrier_company_id, status, created_at desc);
create index third_party_invoices_factoring_idx on third_party_invoices (factoring_company_id, status, created_at desc) where factoring_company_id is not null;
create index third_party_invoices_shipment_idx on third_party_invoices (shipment_id);

create table third_party_invoice_charges (
  id uuid primary key default gen_random_uuid(),
  third_party_invoice_id uuid not null references third_party_invoices (id) on delete cascade,
  description text not null,
  charge_type_name text not null,
  rate_cents bigint not null,
  units numeric(10, 2) not null default 1
);
create index third_party_invoice_charges_invoice_idx on third_party_invoice_charges (third_party_invoice_id);

-- Documents: real files in the configured store; the row says what they belong to.
create table documents (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id),
  file_type smallint not null,
  entity_type smallint not null,
  entity_id uuid,
  entity_description text,
  name text not null,
  extension text not null,
  content_type text not null,
  size_bytes bigint not null check (size_bytes > 0),
  sha256 text not null,
  storage_key text not null unique,
  shipment_id uuid references shipments (id),
  order_id uuid references orders (id),
  order_stop_id uuid references order_stops (id),
  case_id uuid references cases (id),
  ap_invoice_id uuid references ap_invoices (id),
  third_party_invoice_id uuid references third_party_invoices (id),
  additional_data jsonb,
  uploaded_by uuid references users (id),
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index documents_shipment_idx on documents (shipment_id) where deleted_at is null;
create index documents_order_idx on documents (order_id) where deleted_at is null;
create index documents_case_idx on documents (case_id) where deleted_at is null;
create index documents_ap_invoice_idx on documents (ap_invoice_id) where deleted_at is null;
create index documents_tpi_idx on documents (third_party_invoice_id) where deleted_at is null;
create index documents_company_idx on documents (company_id, entity_type) where deleted_at is null;

create table required_documents (
  id uuid primary key default gen_random_uuid(),
  file_type smallint not null,
  description text not null,
  entity_type smallint not null,
  shipment_id uuid references shipments (id) on delete cascade,
  order_id uuid references orders (id),
  order_stop_id uuid references order_stops (id),
  third_party_invoice_id uuid references third_party_invoices (id) on delete cascade,
  ap_invoice_id uuid references ap_invoices (id) on delete cascade
);
create index required_documents_shipment_idx on required_documents (shipment_id);
create index required_documents_tpi_idx on required_documents (third_party_invoice_id);

-- Notes on any entity; internal notes (no portal access) are the operator's only.
create table notes (
  id uuid primary key default gen_random_uuid(),
  entity_type smallint not null,
  entity_id uuid not null,
  entity_description text,
  entity_link text,
  company_id uuid not null references companies (id),
  note_content text not null,
  note_html text not null,
  note_json jsonb,
  allow_portal_access boolean not null default true,
  is_readonly boolean not null default false,
  created_by uuid references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index notes_entity_idx on notes (entity_type, entity_id, created_at desc) where deleted_at is null;

create table note_mentions (
  note_id uuid not null references notes (id) on delete cascade,
  user_id uuid not null references users (id),
  mention text not null check (char_length(mention) <= 75),
  primary key (note_id, user_id)
);

-- Per-user settings.
create table saved_filter_sets (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  company_id uuid not null references companies (id),
  list_name text not null,
  view_name text not null,
  filter_fields jsonb not null,
  created_at timestamptz not null default now(),
  unique (user_id, list_name, view_name)
);

create table grid_settings (
  user_id uuid not null references users (id) on delete cascade,
  company_id uuid not null references companies (id),
  grid_name text not null,
  settings jsonb not null,
  primary key (user_id, grid_name)
);

create table saved_lanes (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id),
  user_id uuid references users (id) on delete set null,
  origin_city text,
  origin_state text not null,
  origin_postal_code text,
  origin_radius_miles integer not null default 100,
  destination_city text,
  destination_state text,
  destination_postal_code text,
  destination_radius_miles integer not null default 100,
  equipment_types integer not null default 1,
  created_at timestamptz not null default now()
);
create index saved_lanes_company_idx on saved_lanes (company_id);

-- Trucks a carrier posts as available (live equipment).
create table equipment_postings (
  id uuid primary key default gen_random_uuid(),
  carrier_company_id uuid not null references companies (id),
  equipment_types integer not null,
  city text not null,
  state text not null,
  postal_code text not null,
  latitude double precision,
  longitude double precision,
  available_from timestamptz not null,
  available_to timestamptz,
  destination_state text,
  created_by uuid references users (id),
  created_at timestamptz not null default now()
);
create index equipment_postings_carrier_idx on equipment_postings (carrier_company_id);

create table notification_preferences (
  user_id uuid not null references users (id) on delete cascade,
  company_id uuid not null references companies (id),
  notification_kind text not null,
  by_email boolean not null default true,
  in_app boolean not null default true,
  primary key (user_id, notification_kind)
);

create table notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  company_id uuid not null references companies (id),
  notification_kind text not null,
  title text not null,
  body text not null,
  link text,
  created_at timestamptz not null default now(),
  read_at timestamptz
);
create index notifications_user_idx on notifications (user_id, created_at desc);

create table email_outbox (
  id uuid primary key default gen_random_uuid(),
  company_id uuid references companies (id),
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  last_error text,
  attempts integer not null default 0
);
create index email_outbox_unsent_idx on email_outbox (created_at) where sent_at is null;

create table access_requests (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id),
  first_name text not null,
  last_name text not null,
  email citext not null,
  message text,
  status text not null default 'Open' check (status in ('Open', 'Approved', 'Denied')),
  decided_by uuid references users (id),
  decided_at timestamptz,
  created_at timestamptz not null default now()
);
create index access_requests_open_idx on access_requests (company_id) where status = 'Open';

create table api_keys (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id),
  name text not null,
  key_prefix text not null,
  key_hash text not null unique,
  permissions text[] not null default '{}',
  roles text[] not null default '{}',
  created_by uuid references users (id),
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_company_idx on api_keys (company_id);

-- The key set that signs access tokens (and the identity provider's tokens), shared by every API node.
-- Private keys are encrypted with a key derived from APP_SECRET.
create table signing_keys (
  kid text primary key,
  alg text not null,
  public_jwk jsonb not null,
  private_jwk_encrypted text not null,
  created_at timestamptz not null default now(),
  retired_at timestamptz
);

create table audit_log (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  company_id uuid references companies (id),
  user_id uuid references users (id),
  action text not null,
  entity_type text,
  entity_id uuid,
  request_id text,
  detail jsonb
);
create index audit_log_company_idx on audit_log (company_id, occurred_at desc);

---------------------------------------------------------------------------
-- Row-level security. The application scopes every query itself; these policies are the second wall.
---------------------------------------------------------------------------

grant usage on schema public to portal_app, portal_system;
grant select on postal_codes to portal_app;
grant select, insert, update, delete on all tables in schema public to portal_system;
grant usage, select on all sequences in schema public to portal_app, portal_system;
grant execute on all functions in schema public to portal_app, portal_system;

-- portal_system sees everything; portal_app gets a policy per table below.
do $$
declare t text;
begin
  for t in
    select tablename from pg_tables where schemaname = 'public' and tablename <> 'postal_codes'
  loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format('create policy system_all on %I to portal_system using (true) with check (true)', t);
  end loop;
end $$;

-- Tables a tenant may read and write within its own rows.
grant select, insert, update, delete on
  users, user_emails, user_phones, user_locations, locations, dock_schedules, dock_hours,
  orders, order_stops, order_line_items, reference_numbers, order_requirements, order_accessorials,
  trailers, power_units, trips, shipments, shipment_stops, stop_line_item_confirmations,
  shipment_drivers, tracking_activities, tracking_problems, tenders, offers, rates, quotes,
  rate_requests, cases, case_involved_parties, third_party_invoices, documents, notes,
  note_mentions, saved_filter_sets, grid_settings, saved_lanes, equipment_postings,
  notification_preferences, notifications, access_requests, api_keys
to portal_app;
grant select on companies, ap_invoices, ap_invoice_charges, payments, payment_applications,
  third_party_billing_settings, third_party_invoice_charges, required_documents, case_history, shipment_history
to portal_app;
grant insert on case_history, shipment_history, audit_log, email_outbox to portal_app;
grant update (do_not_use, logo_document_id) on companies to portal_app;
grant update on ap_invoices to portal_app;

-- Companies: names are needed wherever a party is shown; a tenant changes only its own row.
create policy tenant_read on companies for select to portal_app using (true);
create policy tenant_write on companies for update to portal_app
  using (id = app_company_id()) with check (id = app_company_id());

-- People: one's own company, the operator's staff (they appear on every shipment), all for the operator.
create policy tenant_all on users to portal_app
  using (app_is_operator() or company_id = app_company_id()
         or company_id in (select c.id from companies c where c.kind = 'operator'))
  with check (app_is_operator() or company_id = app_company_id());
create policy tenant_all on user_emails to portal_app
  using (exists (select 1 from users u where u.id = user_id))
  with check (exists (select 1 from users u where u.id = user_id and (app_is_operator() or u.company_id = app_company_id())));
create policy tenant_all on user_phones to portal_app
  using (exists (select 1 from users u where u.id = user_id))
  with check (exists (select 1 from users u where u.id = user_id and (app_is_operator() or u.company_id = app_company_id())));
create policy tenant_all on user_locations to portal_app
  using (exists (select 1 from users u where u.id = user_id and (app_is_operator() or u.company_id = app_company_id())));

-- Rows owned by exactly one company.
do $$
declare t text;
begin
  foreach t in array array['locations', 'dock_schedules', 'dock_hours', 'saved_filter_sets', 'grid_settings',
                           'saved_lanes', 'notification_preferences', 'access_requests', 'api_keys']
  loop
    execute format('create policy tenant_all on %I to portal_app using (app_is_operator() or company_id = app_company_id()) with check (app_is_operator() or company_id = app_company_id())', t);
  end loop;
  foreach t in array array['trailers', 'power_units', 'trips', 'equipment_postings', 'rates']
  loop
    execute format('create policy tenant_all on %I to portal_app using (app_is_operator() or carrier_company_id = any (app_carrier_ids())) with check (app_is_operator() or carrier_company_id = app_company_id())', t);
  end loop;
end $$;

create policy tenant_all on notifications to portal_app
  using (user_id = app_user_id() or app_is_operator())
  with check (true);

-- Orders are the customer's (and the operator's).
create policy tenant_all on orders to portal_app
  using (app_is_operator() or customer_company_id = app_company_id())
  with check (app_is_operator() or customer_company_id = app_company_id());
do $$
declare t text;
begin
  foreach t in array array['order_stops', 'order_line_items', 'reference_numbers', 'order_requirements', 'order_accessorials']
  loop
    -- A carrier sees the order details of the shipments it may see.
    execute format($p$create policy tenant_all on %I to portal_app
      using (app_is_operator() or customer_company_id = app_company_id()
             or exists (select 1 from shipments s where s.order_id = %I.order_id))
      with check (app_is_operator() or customer_company_id = app_company_id())$p$, t, t);
  end loop;
end $$;

-- Tenders and assignments carry their parties so the shipment policy can read them without recursion.
create policy tenant_all on tenders to portal_app
  using (app_is_operator() or carrier_company_id = any (app_carrier_ids()) or customer_company_id = app_company_id())
  with check (app_is_operator() or carrier_company_id = app_company_id() or customer_company_id = app_company_id());
create policy tenant_all on shipment_drivers to portal_app
  using (app_is_operator() or carrier_company_id = any (app_carrier_ids()))
  with check (app_is_operator() or carrier_company_id = app_company_id());

-- Shipments: a driver session sees its assignments only; otherwise the operator, the customer, the carrier
-- (or its factoring company), any carrier for freight on the load board, and a carrier it is tendered to.
create policy tenant_all on shipments to portal_app
  using (
    case when app_driver_id() is not null then
      exists (select 1 from shipment_drivers d where d.shipment_id = shipments.id and d.driver_id = app_driver_id())
    else
      app_is_operator()
      or carrier_company_id = any (app_carrier_ids())
      or customer_company_id = app_company_id()
      or (status = 1 and app_scope() = 'carrier')
      or (status = 2 and exists (select 1 from tenders t where t.shipment_id = shipments.id
                                   and t.carrier_company_id = app_company_id() and t.status = 0))
    end)
  with check (
    app_is_operator()
    or carrier_company_id = app_company_id()
    or customer_company_id = app_company_id()
    or (carrier_company_id is null and app_scope() = 'carrier'));

-- Everything hanging off a shipment is visible exactly when the shipment is.
do $$
declare t text;
begin
  foreach t in array array['shipment_stops', 'stop_line_item_confirmations', 'tracking_activities',
                           'tracking_problems', 'shipment_history', 'offers', 'rate_requests']
  loop
    execute format($p$create policy tenant_all on %I to portal_app
      using (exists (select 1 from shipments s where s.id = %I.shipment_id))
      with check (exists (select 1 from shipments s where s.id = %I.shipment_id))$p$, t, t, t);
  end loop;
end $$;
-- Offers and rate requests are between one carrier and the customer; other carriers never see them.
alter policy tenant_all on offers
  using (app_is_operator() or carrier_company_id = any (app_carrier_ids()) or customer_company_id = app_company_id())
  with check (app_is_operator() or carrier_company_id = app_company_id());
alter policy tenant_all on rate_requests
  using (app_is_operator() or carrier_company_id = any (app_carrier_ids()) or customer_company_id = app_company_id())
  with check (app_is_operator() or carrier_company_id = app_company_id() or customer_company_id = app_company_id());

create policy tenant_all on quotes to portal_app
  using (app_is_operator() or customer_company_id = app_company_id() or carrier_company_id = any (app_carrier_ids()))
  with check (app_is_operator() or customer_company_id = app_company_id());

-- Cases: the companies involved.
create policy tenant_all on case_involved_parties to portal_app
  using (app_is_operator() or company_id = app_company_id() or company_id = any (app_carrier_ids()))
  with check (app_is_operator() or company_id = app_company_id());
create policy tenant_all on cases to portal_app
  using (app_is_operator()
         or carrier_company_id = any (app_carrier_ids())
         or customer_company_id = app_company_id()
         or exists (select 1 from case_involved_parties p where p.case_id = cases.id))
  with check (app_is_operator() or carrier_company_id = app_company_id() or customer_company_id = app_company_id());
create policy tenant_read on case_history for select to portal_app
  using (exists (select 1 from cases c where c.id = case_id));
create policy tenant_insert on case_history for insert to portal_app
  with check (exists (select 1 from cases c where c.id = case_id));

-- Money: the carrier, its factoring company (the remit-to at the time of the invoice), the operator.
create policy tenant_read on ap_invoices for select to portal_app
  using (app_is_operator() or carrier_company_id = any (app_carrier_ids()) or factoring_company_id = app_company_id());
create policy tenant_update on ap_invoices for update to portal_app
  using (app_is_operator() or carrier_company_id = app_company_id())
  with check (app_is_operator() or carrier_company_id = app_company_id());
create policy tenant_read on ap_invoice_charges for select to portal_app
  using (exists (select 1 from ap_invoices i where i.id = ap_invoice_id));
create policy tenant_read on payments for select to portal_app
  using (app_is_operator() or carrier_company_id = any (app_carrier_ids()) or payee_company_id = app_company_id());
create policy tenant_read on payment_applications for select to portal_app
  using (exists (select 1 from payments p where p.id = payment_id));

create policy tenant_read on third_party_billing_settings for select to portal_app
  using (app_is_operator() or carrier_company_id = any (app_carrier_ids()));
create policy tenant_all on third_party_invoices to portal_app
  using (app_is_operator() or carrier_company_id = any (app_carrier_ids()) or factoring_company_id = app_company_id())
  with check (app_is_operator() or carrier_company_id = any (app_carrier_ids()) or factoring_company_id = app_company_id());
create policy tenant_read on third_party_invoice_charges for select to portal_app
  using (exists (select 1 from third_party_invoices i where i.id = third_party_invoice_id));

-- Documents and required documents follow what they belong to.
create function app_can_see_entity(
  p_company_id uuid, p_shipment_id uuid, p_order_id uuid, p_case_id uuid,
  p_ap_invoice_id uuid, p_third_party_invoice_id uuid) returns boolean
  language sql stable
  as $$
    select case
      when p_third_party_invoice_id is not null then exists (select 1 from third_party_invoices i where i.id = p_third_party_invoice_id)
      when p_ap_invoice_id is not null then exists (select 1 from ap_invoices i where i.id = p_ap_invoice_id)
      when p_case_id is not null then exists (select 1 from cases c where c.id = p_case_id)
      when p_shipment_id is not null then exists (select 1 from shipments s where s.id = p_shipment_id)
      when p_order_id is not null then exists (select 1 from orders o where o.id = p_order_id)
                                     or exists (select 1 from shipments s where s.order_id = p_order_id)
      else app_is_operator() or p_company_id = app_company_id()
    end
  $$;
create policy tenant_all on documents to portal_app
  using (app_can_see_entity(company_id, shipment_id, order_id, case_id, ap_invoice_id, third_party_invoice_id))
  with check (app_can_see_entity(company_id, shipment_id, order_id, case_id, ap_invoice_id, third_party_invoice_id));
create policy tenant_read on required_documents for select to portal_app
  using (app_can_see_entity(null, shipment_id, order_id, null, ap_invoice_id, third_party_invoice_id));

-- Notes follow their entity; internal notes are for the operator only.
create function app_can_see_note_entity(p_entity_type smallint, p_entity_id uuid, p_company_id uuid) returns boolean
  language sql stable
  as $$
    select case p_entity_type
      when 1 then exists (select 1 from orders o where o.id = p_entity_id)
      when 5 then exists (select 1 from shipments s where s.id = p_entity_id)
      when 6 then exists (select 1 from cases c where c.id = p_entity_id)
      when 9 then exists (select 1 from ap_invoices i where i.id = p_entity_id)
      when 17 then exists (select 1 from third_party_invoices i where i.id = p_entity_id)
      else app_is_operator() or p_company_id = app_company_id()
    end
  $$;
create policy tenant_all on notes to portal_app
  using ((allow_portal_access or app_is_operator()) and app_can_see_note_entity(entity_type, entity_id, company_id))
  with check (app_can_see_note_entity(entity_type, entity_id, company_id));
create policy tenant_all on note_mentions to portal_app
  using (exists (select 1 from notes n where n.id = note_id))
  with check (exists (select 1 from notes n where n.id = note_id));

create policy tenant_insert on audit_log for insert to portal_app with check (true);
create policy tenant_insert on email_outbox for insert to portal_app with check (true);
