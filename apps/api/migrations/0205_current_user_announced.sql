-- GET /api/v1/me answers the Current user entity from the authentication cache for a few seconds
-- (decision 232), so every column that entity shows is announced when it changes, like the columns
-- that say who a caller is (migrations 0070 and 0190): the user's own fields, their e-mails, phones
-- and locations, and their company's. Statement triggers; these writes are rare.
drop trigger users_announce_auth_change on users;

create trigger users_announce_auth_change
  after update of company_id, first_name, last_name, login_email, roles, permissions,
                  is_portal_enabled, disabled_at, token_version, user_name, function_title,
                  access_levels, linked_in_profile_url, profile_document_id or delete on users
  for each statement execute function announce_auth_change();

drop trigger companies_announce_auth_change on companies;

create trigger companies_announce_auth_change
  after insert or update of kind, name, is_broker, factoring_company_id, company_number, is3pl,
                            is_on_hold, is_bookable, has3pl_network,
                            tracking_integration_expires_at or delete on companies
  for each statement execute function announce_auth_change();

create trigger user_emails_announce_auth_change
  after insert or update or delete on user_emails
  for each statement execute function announce_auth_change();

create trigger user_phones_announce_auth_change
  after insert or update or delete on user_phones
  for each statement execute function announce_auth_change();

create trigger user_locations_announce_auth_change
  after insert or update or delete on user_locations
  for each statement execute function announce_auth_change();

create trigger locations_announce_auth_change
  after update of name, city, province or delete on locations
  for each statement execute function announce_auth_change();
