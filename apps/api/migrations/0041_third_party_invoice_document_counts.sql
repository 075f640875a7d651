-- Each third-party invoice keeps the number of documents it requires and how many of them are
-- uploaded, kept right by the database whoever writes documents or requirements. The list shows
-- both on every card and "action required" compares them; reading them through the documents'
-- row-level security for every card cost ten times the rest of the page (docs/decisions/044).

alter table third_party_invoices
  add column required_document_count integer not null default 0,
  add column uploaded_required_document_count integer not null default 0;

-- A proof of delivery is matched through its order stop, and requirements are found from a document.
create index if not exists required_documents_order_stop_idx on required_documents (order_stop_id)
  where order_stop_id is not null;
create index if not exists required_documents_order_idx on required_documents (order_id)
  where order_id is not null;

-- A requirement is met by a document of its file type, not deleted, attached to the entity the
-- requirement names: the order stop (ORDER_STOP 14), the shipment (SHIPMENT 5), the order (ORDER 1)
-- or the invoice itself (THIRD_PARTY 17).
create function required_document_uploaded(r required_documents) returns boolean
  language sql stable
  as $$
    select exists (
      select 1 from documents d
       where d.deleted_at is null
         and d.file_type = r.file_type
         and ((r.entity_type = 14 and d.order_stop_id = r.order_stop_id)
           or (r.entity_type = 5 and d.shipment_id = r.shipment_id)
           or (r.entity_type = 1 and d.order_id = r.order_id)
           or (r.entity_type = 17 and d.third_party_invoice_id = r.third_party_invoice_id)))
  $$;

create function refresh_third_party_invoice_document_counts(invoice_ids uuid[]) returns void
  language sql security definer set search_path = public, pg_temp
  as $$
    update third_party_invoices i
       set required_document_count = counted.required,
           uploaded_required_document_count = counted.uploaded
      from (select invoice.id,
                   count(r.id)::int as required,
                   (count(r.id) filter (where required_document_uploaded(r)))::int as uploaded
              from unnest(invoice_ids) as invoice(id)
              left join required_documents r on r.third_party_invoice_id = invoice.id
             group by invoice.id) counted
     where i.id = counted.id
       and (i.required_document_count, i.uploaded_required_document_count)
           is distinct from (counted.required, counted.uploaded)
  $$;

-- The invoices whose requirements a set of documents may meet or stop meeting.
create function third_party_invoices_of_documents(changed documents[]) returns uuid[]
  language sql stable
  as $$
    select coalesce(array_agg(distinct r.third_party_invoice_id), '{}')
      from unnest(changed) d
      join required_documents r
        on r.third_party_invoice_id is not null and r.file_type = d.file_type
       and ((r.entity_type = 14 and r.order_stop_id = d.order_stop_id)
         or (r.entity_type = 5 and r.shipment_id = d.shipment_id)
         or (r.entity_type = 1 and r.order_id = d.order_id)
         or (r.entity_type = 17 and r.third_party_invoice_id = d.third_party_invoice_id))
  $$;

create function required_documents_changed() returns trigger
  language plpgsql security definer set search_path = public, pg_temp
  as $$
  begin
    if tg_op in ('UPDATE', 'DELETE') then
      perform refresh_third_party_invoice_document_counts(
        array(select distinct third_party_invoice_id from old_rows where third_party_invoice_id is not null));
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
      perform refresh_third_party_invoice_document_counts(
        array(select distinct third_party_invoice_id from new_rows where third_party_invoice_id is not null));
    end if;
    return null;
  end
  $$;

create function documents_changed() returns trigger
  language plpgsql security definer set search_path = public, pg_temp
  as $$
  begin
    if tg_op in ('UPDATE', 'DELETE') then
      perform refresh_third_party_invoice_document_counts(
        third_party_invoices_of_documents(array(select o::documents from old_rows o)));
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
      perform refresh_third_party_invoice_document_counts(
        third_party_invoices_of_documents(array(select n::documents from new_rows n)));
    end if;
    return null;
  end
  $$;

-- Once per statement, with the statement's rows: a batch of a thousand documents costs one pass.
create trigger required_documents_inserted after insert on required_documents
  referencing new table as new_rows for each statement execute function required_documents_changed();
create trigger required_documents_updated after update on required_documents
  referencing old table as old_rows new table as new_rows
  for each statement execute function required_documents_changed();
create trigger required_documents_deleted after delete on required_documents
  referencing old table as old_rows for each statement execute function required_documents_changed();
create trigger documents_inserted after insert on documents
  referencing new table as new_rows for each statement execute function documents_changed();
create trigger documents_updated after update on documents
  referencing old table as old_rows new table as new_rows
  for each statement execute function documents_changed();
create trigger documents_deleted after delete on documents
  referencing old table as old_rows for each statement execute function documents_changed();

-- The functions run as portal_system, which sees every row (row-level security is forced even on
-- the tables' owner), whoever uploads: a tenant's upload may meet a requirement of an invoice that
-- tenant cannot see. Changing a function's owner needs the new owner to be able to create in the
-- schema; it is granted for that moment only.
grant create on schema public to portal_system;
alter function required_document_uploaded(required_documents) owner to portal_system;
alter function refresh_third_party_invoice_document_counts(uuid[]) owner to portal_system;
alter function third_party_invoices_of_documents(documents[]) owner to portal_system;
alter function required_documents_changed() owner to portal_system;
alter function documents_changed() owner to portal_system;
revoke create on schema public from portal_system;
revoke execute on function refresh_third_party_invoice_document_counts(uuid[]) from public;
revoke execute on function required_documents_changed() from public;
revoke execute on function documents_changed() from public;

set local role portal_system;
select refresh_third_party_invoice_document_counts(array(select id from third_party_invoices));
reset role;
