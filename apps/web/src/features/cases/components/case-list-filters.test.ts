import { describe, expect, it } from 'vitest';
import { countFilters, DEFAULT_CASE_FILTERS, listFilters } from './case-list-filters';

describe('case list filters', () => {
  it('sends nothing for the defaults but the sort', () => {
    expect(listFilters('All', '', DEFAULT_CASE_FILTERS)).toEqual({ sort: 'createdAt:desc' });
    expect(countFilters('', DEFAULT_CASE_FILTERS)).toEqual({});
  });

  it('turns the address values into the spec filter fields, the view into a status group', () => {
    const query = listFilters('OnHold', ' 90012 ', {
      ...DEFAULT_CASE_FILTERS,
      shipment: '1000166',
      types: 'Lumper,Detention',
      parties: 'a,b',
      activeOnly: 'true',
      incidentRange: 'Range',
      incidentFrom: '2026-11-01',
      incidentTo: '2026-11-30',
      followUpRange: 'ThisWeek',
      followUpFrom: '2026-01-01',
      sort: 'amountRequested:desc',
    });
    expect(query).toEqual({
      shipmentId: '1000166',
      caseTypes: ['Lumper', 'Detention'],
      involvedPartyIds: ['a', 'b'],
      activeOnly: true,
      incidentTimeRange: 'Range',
      incidentFromDate: '2026-11-01',
      incidentToDate: '2026-11-30',
      // A preset other than Range ignores days left over from an earlier Range.
      followUpTimeRange: 'ThisWeek',
      search: '90012',
      statusGroups: ['OnHold'],
      sort: 'amountRequested:desc',
    });
  });

  it('counts every status group under the filters, whatever the view', () => {
    const counted = countFilters('', { ...DEFAULT_CASE_FILTERS, unassignedOnly: 'true' });
    expect(counted).toEqual({ unassignedOnly: true });
    expect(counted).not.toHaveProperty('statusGroups');
    expect(counted).not.toHaveProperty('sort');
  });
});
