import type { CaseCountStatsQuery, CaseListSort } from '@portal/contract';
import {
  CaseStatusGroup,
  isCaseStatusGroup,
  type CaseStatusGroup as CaseStatusGroupValue,
} from '@portal/domain';
import type { CaseListFilters } from '../api/case-list';

/**
 * The filter panel's values as they sit in the address (strings; '' is "not set", lists are
 * comma-joined): every field of the spec's case list filter.
 */
export interface CaseFilterValues extends Record<string, string> {
  shipment: string;
  order: string;
  sources: string;
  types: string;
  statuses: string;
  priority: string;
  parties: string;
  customers: string;
  carriers: string;
  assignees: string;
  activeOnly: string;
  unassignedOnly: string;
  incidentRange: string;
  incidentFrom: string;
  incidentTo: string;
  followUpRange: string;
  followUpFrom: string;
  followUpTo: string;
  sort: string;
}

export const DEFAULT_CASE_FILTERS: CaseFilterValues = {
  shipment: '',
  order: '',
  sources: '',
  types: '',
  statuses: '',
  priority: '',
  parties: '',
  customers: '',
  carriers: '',
  assignees: '',
  activeOnly: '',
  unassignedOnly: '',
  incidentRange: '',
  incidentFrom: '',
  incidentTo: '',
  followUpRange: '',
  followUpFrom: '',
  followUpTo: '',
  sort: '',
};

export const ALL_CASES_VIEW = 'All';
export const DEFAULT_CASE_VIEW = ALL_CASES_VIEW;
export const DEFAULT_CASE_SORT: CaseListSort = 'createdAt:desc';

export const CASE_SORT_LABELS: Record<CaseListSort, string> = {
  'createdAt:desc': 'Newest first',
  'createdAt:asc': 'Oldest first',
  'updatedAt:desc': 'Recently updated',
  'followUpAt:asc': 'Follow-up due first',
  'amountRequested:desc': 'Largest amount first',
  'caseNumber:desc': 'Case number',
};

const list = (value: string) => value.split(',').filter((part) => part !== '');
const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

function range(preset: string, from: string, to: string) {
  if (!preset) return {};
  if (preset !== 'Range') return { range: preset };
  return { range: preset, from: optional(from), to: optional(to) };
}

/** Without the view: what the badges count (each badge is its own status group). */
export function countFilters(search: string, filters: CaseFilterValues): CaseCountStatsQuery {
  const incident = range(filters.incidentRange, filters.incidentFrom, filters.incidentTo);
  const followUp = range(filters.followUpRange, filters.followUpFrom, filters.followUpTo);
  // Values come from the address as text; the server validates each (400 naming the field).
  const query: Record<string, unknown> = {
    shipmentId: optional(filters.shipment),
    orderId: optional(filters.order),
    caseSources: list(filters.sources),
    caseTypes: list(filters.types),
    caseStatuses: list(filters.statuses),
    casePriority: optional(filters.priority),
    involvedPartyIds: list(filters.parties),
    customerIds: list(filters.customers),
    carrierIds: list(filters.carriers),
    assignees: list(filters.assignees),
    activeOnly: filters.activeOnly === 'true' ? true : undefined,
    unassignedOnly: filters.unassignedOnly === 'true' ? true : undefined,
    incidentTimeRange: incident.range,
    incidentFromDate: incident.from,
    incidentToDate: incident.to,
    followUpTimeRange: followUp.range,
    followUpFromDate: followUp.from,
    followUpToDate: followUp.to,
    search: optional(search),
  };
  // Empty lists and unset values stay out of the request (and the query key).
  const compact = Object.fromEntries(
    Object.entries(query).filter(
      ([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0),
    ),
  );
  return compact as CaseCountStatsQuery;
}

/** The list's parameters: the view's status group, the filters, the search and the sort. */
export function listFilters(
  view: string,
  search: string,
  filters: CaseFilterValues,
): CaseListFilters {
  const query = countFilters(search, filters);
  const group: CaseStatusGroupValue | undefined = isCaseStatusGroup(view) ? view : undefined;
  return {
    ...query,
    ...(group ? { statusGroups: [group] } : {}),
    sort: (filters.sort || DEFAULT_CASE_SORT) as CaseListSort,
  };
}

export const CASE_VIEWS: { value: string; label: string }[] = [
  { value: ALL_CASES_VIEW, label: 'All' },
  { value: CaseStatusGroup.New, label: 'New' },
  { value: CaseStatusGroup.InProgress, label: 'In Progress' },
  { value: CaseStatusGroup.OnHold, label: 'On Hold' },
  { value: CaseStatusGroup.Resolved, label: 'Resolved' },
];
