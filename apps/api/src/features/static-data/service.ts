import { createHash } from 'node:crypto';
import type { StaticData, StaticListEntry } from '@portal/contract';
import {
  AP_INVOICE_STATUS_DISPLAY_NAMES,
  CASE_STATUS_LABELS,
  CASE_TYPE_DISPLAY_NAMES,
  DOCUMENT_TYPE_DISPLAY_NAMES,
  EQUIPMENT_CATEGORY_DISPLAY_NAMES,
  EQUIPMENT_TYPE_DISPLAY_NAMES,
  LOAD_TYPE_DISPLAY_NAMES,
  SERVICE_LEVEL_DISPLAY_NAMES,
  SHIPMENT_STATUS_DISPLAY_NAMES,
  TENDER_OFFER_STATUS_DISPLAY_NAMES,
  THIRD_PARTY_INVOICE_STATUS_DISPLAY_NAMES,
} from '@portal/domain';

/** A display-name table as a list, in the order of its values. */
function entries(names: Readonly<Record<string | number, string>>, numeric = true) {
  return Object.entries(names)
    .map(([value, name]): StaticListEntry => ({ value: numeric ? Number(value) : value, name }))
    .sort((a, b) => (numeric ? Number(a.value) - Number(b.value) : 0));
}

/** The enumerations, read once from packages/domain: they change only with a release. */
export const STATIC_DATA: StaticData = {
  equipmentTypes: entries(EQUIPMENT_TYPE_DISPLAY_NAMES),
  equipmentModes: entries(EQUIPMENT_CATEGORY_DISPLAY_NAMES),
  shippingModes: entries(LOAD_TYPE_DISPLAY_NAMES),
  serviceLevels: entries(SERVICE_LEVEL_DISPLAY_NAMES),
  documentTypes: entries(DOCUMENT_TYPE_DISPLAY_NAMES),
  shipmentStatuses: entries(SHIPMENT_STATUS_DISPLAY_NAMES),
  tenderOfferStatuses: entries(TENDER_OFFER_STATUS_DISPLAY_NAMES),
  caseTypes: entries(CASE_TYPE_DISPLAY_NAMES, false),
  caseStatuses: CASE_STATUS_LABELS.map((label) => ({ value: label, name: label })),
  apInvoiceStatuses: entries(AP_INVOICE_STATUS_DISPLAY_NAMES),
  thirdPartyInvoiceStatuses: entries(THIRD_PARTY_INVOICE_STATUS_DISPLAY_NAMES, false),
};

/** The lists' version: a client that holds it is answered 304. */
export const STATIC_DATA_ETAG = `"${createHash('sha256').update(JSON.stringify(STATIC_DATA)).digest('base64url').slice(0, 22)}"`;
