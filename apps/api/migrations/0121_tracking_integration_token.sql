-- The company's tracking integration (Samsara): its API token, sealed with a key derived from
-- APP_SECRET, and the last characters shown to recognise it. An administrator renews it from the
-- profile's Integrations tab.
alter table companies add column tracking_integration_provider text not null default 'Samsara';
alter table companies add column tracking_integration_token_sealed text;
alter table companies add column tracking_integration_token_hint text;
grant update (tracking_integration_token_sealed, tracking_integration_token_hint,
              tracking_integration_expires_at) on companies to portal_app;
