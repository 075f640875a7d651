-- The documents', required documents' and notes' policies ask app_can_see_entity() and
-- app_can_see_note_entity() whether the caller may see a row's entity. Both become PL/pgSQL
-- (issue 18, decision 238); the rules do not change.
--
-- As SQL functions they held sub-selects, and PostgreSQL never inlines a function whose body holds
-- one: a statement that met a document or a note ran the function through its own executor, which
-- parsed and planned the whole body again (every entity's look-up, each under its own table's
-- policy) once per statement. On the 1,000,000-shipment world that was about 6 ms: the accounting
-- list paid it for its missing-proof-of-delivery column on every page that held one proof of
-- delivery, at 3.5 times its bare SQL.
--
-- PL/pgSQL keeps each statement's plan for the connection's life, and each branch below is its own
-- statement, planned (and run) only when a row takes it. Writing the look-ups into the policies
-- themselves was tried and measured: the statement's plan then held every branch with the policies
-- under it (about 500 SubPlans), whose set-up cost about 3 ms on every statement that read the table,
-- whether or not it met a row.

create or replace function app_can_see_entity(
  p_company_id uuid, p_shipment_id uuid, p_order_id uuid, p_case_id uuid,
  p_ap_invoice_id uuid, p_third_party_invoice_id uuid) returns boolean
  language plpgsql stable
  as $$
  begin
    if p_third_party_invoice_id is not null then
      return exists (select 1 from third_party_invoices i where i.id = p_third_party_invoice_id);
    elsif p_ap_invoice_id is not null then
      return exists (select 1 from ap_invoices i where i.id = p_ap_invoice_id);
    elsif p_case_id is not null then
      return exists (select 1 from cases c where c.id = p_case_id);
    elsif p_shipment_id is not null then
      return exists (select 1 from shipments s where s.id = p_shipment_id);
    elsif p_order_id is not null then
      return exists (select 1 from orders o where o.id = p_order_id)
          or exists (select 1 from shipments s where s.order_id = p_order_id);
    end if;
    -- Null when neither holds and the row has no company (required documents): not visible.
    return app_is_operator() or p_company_id = app_company_id();
  end
  $$;

create or replace function app_can_see_note_entity(p_entity_type smallint, p_entity_id uuid, p_company_id uuid) returns boolean
  language plpgsql stable
  as $$
  begin
    case p_entity_type
      when 1 then return exists (select 1 from orders o where o.id = p_entity_id);
      when 5 then return exists (select 1 from shipments s where s.id = p_entity_id);
      when 6 then return exists (select 1 from cases c where c.id = p_entity_id);
      when 9 then return exists (select 1 from ap_invoices i where i.id = p_entity_id);
      when 17 then return exists (select 1 from third_party_invoices i where i.id = p_entity_id);
      else return app_is_operator() or p_company_id = app_company_id();
    end case;
  end
  $$;
