import { AccountingFilterStatus } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNTING_FILTERS, accountingFilters, viewCountFilters } from './list-filters';

describe('the accounting list parameters', () => {
  it('asks for each view’s status; Paid opens on the last 60 days of shipment date', () => {
    expect(viewCountFilters('actionRequired')).toEqual({
      status: AccountingFilterStatus.Uninvoiced,
    });
    expect(viewCountFilters('pending')).toEqual({ status: AccountingFilterStatus.Pending });
    expect(viewCountFilters('inProgress')).toEqual({ status: AccountingFilterStatus.Invoiced });
    expect(viewCountFilters('paid')).toEqual({
      status: AccountingFilterStatus.Paid,
      shipmentDate: 'Last60Days',
    });
  });

  it('adds the search and the date filters; a range waits for both ends', () => {
    expect(
      accountingFilters('paid', ' 4002 ', {
        ...DEFAULT_ACCOUNTING_FILTERS,
        shipmentDate: 'Range',
        shipmentStartDate: '2026-01-01',
        shipmentEndDate: '2026-02-01',
        invoiceDate: 'Range',
        invoiceStartDate: '2026-01-05',
      }),
    ).toEqual({
      status: AccountingFilterStatus.Paid,
      searchTerm: '4002',
      shipmentDate: 'Range',
      shipmentStartDate: '2026-01-01',
      shipmentEndDate: '2026-02-01',
    });
    expect(
      accountingFilters('inProgress', '', { ...DEFAULT_ACCOUNTING_FILTERS, invoiceDate: 'Week' }),
    ).toEqual({ status: AccountingFilterStatus.Invoiced, invoiceDate: 'Week' });
  });

  it('matches nothing when the status filter contradicts the view, and ignores All', () => {
    const paid = { ...DEFAULT_ACCOUNTING_FILTERS, status: String(AccountingFilterStatus.Paid) };
    expect(accountingFilters('pending', '', paid)).toBeNull();
    expect(accountingFilters('paid', '', paid)?.status).toBe(AccountingFilterStatus.Paid);
    const all = { ...DEFAULT_ACCOUNTING_FILTERS, status: String(AccountingFilterStatus.All) };
    expect(accountingFilters('pending', '', all)?.status).toBe(AccountingFilterStatus.Pending);
  });
});
