import { describe, expect, it } from 'vitest';
import { DEFAULT_INVOICE_FILTERS, findFilters, viewCountFilters } from './invoice-list-filters';
import { formatCalendarDate, formatInvoiceDate } from './format';

// 2026-03-11 17:00 UTC is a Wednesday, noon in Chicago.
const now = new Date('2026-03-11T17:00:00Z');

describe('findFilters', () => {
  it('asks Action Required with actionRequired and isAuditable, whatever the checkbox says', () => {
    expect(
      findFilters('actionRequired', '', { ...DEFAULT_INVOICE_FILTERS, auditable: 'false' }, now),
    ).toEqual({ actionRequired: true, isAuditable: true });
  });

  it('lets the other views follow "Only Show Auditable"', () => {
    expect(findFilters('all', '', DEFAULT_INVOICE_FILTERS, now)).toEqual({ isAuditable: true });
    expect(
      findFilters('draft', '', { ...DEFAULT_INVOICE_FILTERS, auditable: 'false' }, now),
    ).toEqual({ isAuditable: false, status: 'DRAFT' });
  });

  it('narrows a view by the status filter, and a contradicting status matches nothing', () => {
    const settled = { ...DEFAULT_INVOICE_FILTERS, status: 'SETTLED' };
    expect(findFilters('all', '', settled, now)).toEqual({ isAuditable: true, status: 'SETTLED' });
    expect(findFilters('settled', '', settled, now)).toEqual({
      isAuditable: true,
      status: 'SETTLED',
    });
    expect(findFilters('draft', '', settled, now)).toBeNull();
  });

  it('sends the trimmed search and the date presets as inclusive ranges', () => {
    expect(
      findFilters(
        'all',
        '  TP800  ',
        { ...DEFAULT_INVOICE_FILTERS, invoiceDate: 'ThisWeek', loadDate: 'Yesterday' },
        now,
      ),
    ).toMatchObject({
      query: 'TP800',
      invoiceDateStart: '2026-03-08',
      invoiceDateEnd: '2026-03-14',
      loadDateStart: '2026-03-10',
      loadDateEnd: '2026-03-10',
    });
  });

  it('sends a Range only when both ends are chosen', () => {
    const range = {
      ...DEFAULT_INVOICE_FILTERS,
      invoiceDate: 'Range',
      invoiceDateStart: '2026-01-05',
    };
    expect(findFilters('all', '', range, now)).toEqual({ isAuditable: true });
    expect(findFilters('all', '', { ...range, invoiceDateEnd: '2026-01-09' }, now)).toMatchObject({
      invoiceDateStart: '2026-01-05',
      invoiceDateEnd: '2026-01-09',
    });
  });

  it('counts a view without the search and the date filters', () => {
    expect(
      viewCountFilters('received', {
        ...DEFAULT_INVOICE_FILTERS,
        auditable: 'false',
        invoiceDate: 'Today',
        status: 'DRAFT',
      }),
    ).toEqual({ isAuditable: false, status: 'RECEIVED' });
  });
});

describe('card dates', () => {
  it('prints M/DD/YYYY, the invoice date as the billing zone’s day', () => {
    expect(formatCalendarDate('2026-03-05')).toBe('3/05/2026');
    // 03:00 UTC on the 6th is still the 5th in Chicago.
    expect(formatInvoiceDate('2026-03-06T03:00:00Z')).toBe('3/05/2026');
  });
});
