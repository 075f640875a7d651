import {
  ACCOUNTING_VIEWS,
  AccountingFilterStatus,
  AccountingView,
  ApInvoiceDateFilterType,
  parseAccountingFilterStatus,
} from '@portal/domain';
import type { AccountingFilters } from '../api/keys';

/** The filter panel's values as they sit in the address (strings; '' is "not set"). */
export interface AccountingFilterValues extends Record<string, string> {
  status: string;
  shipmentDate: string;
  shipmentStartDate: string;
  shipmentEndDate: string;
  invoiceDate: string;
  invoiceStartDate: string;
  invoiceEndDate: string;
}

export const DEFAULT_ACCOUNTING_FILTERS: AccountingFilterValues = {
  status: '',
  shipmentDate: '',
  shipmentStartDate: '',
  shipmentEndDate: '',
  invoiceDate: '',
  invoiceStartDate: '',
  invoiceEndDate: '',
};

export const DEFAULT_ACCOUNTING_VIEW = AccountingView.ActionRequired;

const DATE_TYPES = Object.values(ApInvoiceDateFilterType) as string[];

function dateFilter(
  prefix: 'shipment' | 'invoice',
  values: AccountingFilterValues,
): Partial<AccountingFilters> {
  const type = values[`${prefix}Date`] ?? '';
  if (!DATE_TYPES.includes(type)) return {};
  if (type === ApInvoiceDateFilterType.Range) {
    const start = values[`${prefix}StartDate`];
    const end = values[`${prefix}EndDate`];
    // A range is applied once both ends are chosen.
    if (!start || !end) return {};
    return { [`${prefix}Date`]: type, [`${prefix}StartDate`]: start, [`${prefix}EndDate`]: end };
  }
  return { [`${prefix}Date`]: type };
}

/**
 * The list's parameters for a view, the search and the filters: the view's status, narrowed by the
 * filters. A status chosen in the filters that contradicts the view matches nothing: null. The Paid
 * view opens on the last 60 days of shipment date unless a shipment date is chosen.
 */
export function accountingFilters(
  view: string,
  search: string,
  values: AccountingFilterValues,
): AccountingFilters | null {
  const definition =
    ACCOUNTING_VIEWS.find((candidate) => candidate.id === view) ??
    ACCOUNTING_VIEWS.find((candidate) => candidate.id === DEFAULT_ACCOUNTING_VIEW)!;
  const chosen = parseAccountingFilterStatus(values.status);
  if (chosen !== undefined && chosen !== AccountingFilterStatus.All && chosen !== definition.status)
    return null;
  const result: AccountingFilters = {
    status: definition.status,
    ...dateFilter('shipment', values),
    ...dateFilter('invoice', values),
  };
  if (definition.defaultShipmentDateWindowDays !== undefined && !result.shipmentDate)
    result.shipmentDate = ApInvoiceDateFilterType.Last60Days;
  const term = search.trim();
  if (term) result.searchTerm = term;
  return result;
}

/** A badge counts its view as the list opens it, without search or filters. */
export function viewCountFilters(view: string): AccountingFilters {
  return accountingFilters(view, '', DEFAULT_ACCOUNTING_FILTERS)!;
}
