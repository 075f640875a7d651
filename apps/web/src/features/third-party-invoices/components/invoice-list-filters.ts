import {
  dateRangeForPreset,
  isoDateInZone,
  isThirdPartyInvoiceStatus,
  THIRD_PARTY_INVOICE_DATE_TIME_ZONE,
  THIRD_PARTY_INVOICE_DEFAULT_IS_AUDITABLE,
  THIRD_PARTY_INVOICE_VIEWS,
  ThirdPartyInvoiceView,
  type DateRangePreset,
} from '@portal/domain';
import type { InvoiceFindFilters } from '../api/keys';

/** The filter panel's values as they sit in the address (strings; '' is "not set"). */
export interface InvoiceFilterValues extends Record<string, string> {
  status: string;
  invoiceDate: string;
  invoiceDateStart: string;
  invoiceDateEnd: string;
  loadDate: string;
  loadDateStart: string;
  loadDateEnd: string;
  auditable: string;
}

export const DEFAULT_INVOICE_FILTERS: InvoiceFilterValues = {
  status: '',
  invoiceDate: '',
  invoiceDateStart: '',
  invoiceDateEnd: '',
  loadDate: '',
  loadDateStart: '',
  loadDateEnd: '',
  auditable: String(THIRD_PARTY_INVOICE_DEFAULT_IS_AUDITABLE),
};

export const DEFAULT_INVOICE_VIEW = ThirdPartyInvoiceView.ActionRequired;

function range(preset: string, today: string, start: string, end: string) {
  if (!preset) return undefined;
  return dateRangeForPreset(preset as DateRangePreset, today, { start, end });
}

/**
 * The find's parameters for a view, the search and the filters (decision 045): the view's own
 * parameters and the filters together. An Invoice Status chosen in the filters narrows the view; one
 * that contradicts the view's status (Settled in the Draft view) matches nothing: null.
 */
export function findFilters(
  view: string,
  search: string,
  filters: InvoiceFilterValues,
  now = new Date(),
): InvoiceFindFilters | null {
  const definition =
    THIRD_PARTY_INVOICE_VIEWS.find((candidate) => candidate.id === view) ??
    THIRD_PARTY_INVOICE_VIEWS.find((candidate) => candidate.id === DEFAULT_INVOICE_VIEW)!;
  const result: InvoiceFindFilters = {
    isAuditable: filters.auditable !== 'false',
    ...definition.params,
  };
  if (isThirdPartyInvoiceStatus(filters.status)) {
    if (result.status && result.status !== filters.status) return null;
    result.status = filters.status;
  }
  const query = search.trim();
  if (query) result.query = query;
  // Invoice dates are billing-zone days (decision 040); load dates are the stop's own day, read
  // against the viewer's calendar.
  const invoiceDates = range(
    filters.invoiceDate,
    isoDateInZone(now, THIRD_PARTY_INVOICE_DATE_TIME_ZONE),
    filters.invoiceDateStart,
    filters.invoiceDateEnd,
  );
  if (invoiceDates) [result.invoiceDateStart, result.invoiceDateEnd] = invoiceDates;
  const loadDates = range(
    filters.loadDate,
    isoDateInZone(now),
    filters.loadDateStart,
    filters.loadDateEnd,
  );
  if (loadDates) [result.loadDateStart, result.loadDateEnd] = loadDates;
  return result;
}

/** A badge counts its view as the list would show it, with the auditable switch, without search. */
export function viewCountFilters(view: string, filters: InvoiceFilterValues): InvoiceFindFilters {
  return findFilters(view, '', { ...DEFAULT_INVOICE_FILTERS, auditable: filters.auditable })!;
}
