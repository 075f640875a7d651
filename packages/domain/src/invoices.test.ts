import { describe, expect, it } from 'vitest';
import { hasAccess } from './access';
import { ShipmentStatus } from './shipments';
import {
  EXTERNAL_INVOICE_NUMBER_MAX_LENGTH,
  THIRD_PARTY_INVOICE_ACCESS,
  canOperatorMoveThirdPartyInvoice,
  isThirdPartyInvoiceActionRequired,
  isThirdPartyInvoiceAuditable,
  isValidThirdPartyInvoiceNumber,
  thirdPartyInvoiceEditRefusal,
  thirdPartyInvoiceStatusAfterEdit,
  ACCOUNTING_VIEWS,
  AP_INVOICE_COUNT_GROUPS,
  AP_INVOICE_QUICK_FILTER_LABELS,
  AP_INVOICE_STATUS_DISPLAY_NAMES,
  AP_INVOICE_STATUS_FILTER_VALUES,
  AccountingFilterStatus,
  ApInvoiceDateFilterType,
  ApInvoiceQuickFilter,
  ApInvoiceStatus,
  DATE_RANGE_PRESET_LABELS,
  THIRD_PARTY_INVOICE_DEFAULT_IS_AUDITABLE,
  THIRD_PARTY_INVOICE_STATUSES,
  THIRD_PARTY_INVOICE_VIEWS,
  ThirdPartyInvoiceStatus,
  accountingViewFilter,
  apInvoiceCountWindow,
  apInvoiceDateRange,
  apInvoiceQuickFilterStatus,
  balanceDue,
  canSubmitInvoiceForm,
  canTransitionThirdPartyInvoice,
  dateRangeForPreset,
  isInvoiceFormValid,
  isThirdPartyInvoiceReadOnly,
  nextThirdPartyInvoiceStatus,
  parseApInvoiceStatus,
  parseAccountingFilterStatus,
  sanitizeInvoiceAmountInput,
  thirdPartyInvoiceChipColor,
  thirdPartyInvoiceStatusOrdinal,
} from './invoices';

// A Wednesday.
const TODAY = '2026-03-11';

describe('accounting invoices', () => {
  it('numbers AP invoice statuses Voided -1 to Paid in Full 3', () => {
    expect(ApInvoiceStatus).toEqual({
      Voided: -1,
      Draft: 0,
      Received: 1,
      Settled: 2,
      PaidInFull: 3,
    });
    expect(AP_INVOICE_STATUS_DISPLAY_NAMES[3]).toBe('Paid in Full');
    expect(parseApInvoiceStatus('-1')).toBe(ApInvoiceStatus.Voided);
    expect(parseApInvoiceStatus(4)).toBeUndefined();
  });

  it('numbers accounting filters All 0, Uninvoiced 1, Invoiced 2, Paid 3, Pending 4', () => {
    expect(AccountingFilterStatus).toEqual({
      All: 0,
      Uninvoiced: 1,
      Invoiced: 2,
      Paid: 3,
      Pending: 4,
    });
    expect(parseAccountingFilterStatus(4)).toBe(AccountingFilterStatus.Pending);
  });

  it('defines the four accounting views', () => {
    expect(ACCOUNTING_VIEWS.map((view) => [view.label, view.status])).toEqual([
      ['Action Required', AccountingFilterStatus.Uninvoiced],
      ['Pending', AccountingFilterStatus.Pending],
      ['In Progress', AccountingFilterStatus.Invoiced],
      ['Paid', AccountingFilterStatus.Paid],
    ]);
  });

  it('opens Paid on the last 60 days of shipment date and the others unbounded', () => {
    expect(accountingViewFilter('paid', TODAY)).toEqual({
      status: AccountingFilterStatus.Paid,
      shipmentStartDate: '2026-01-10',
      shipmentEndDate: TODAY,
    });
    expect(accountingViewFilter('actionRequired', TODAY)).toEqual({
      status: AccountingFilterStatus.Uninvoiced,
    });
  });

  it('maps count groups, quick filters and status filters onto each other', () => {
    expect(AP_INVOICE_COUNT_GROUPS).toEqual({
      active: 'All',
      actionRequired: 'UnInvoiced',
      inProcess: 'Invoiced',
      paid: 'Paid',
    });
    expect(Object.values(AP_INVOICE_QUICK_FILTER_LABELS)).toEqual([
      'None',
      'Active',
      'Action Required',
      'In Process',
      'Paid',
    ]);
    expect(apInvoiceQuickFilterStatus(ApInvoiceQuickFilter.None)).toBeUndefined();
    expect(apInvoiceQuickFilterStatus(ApInvoiceQuickFilter.ActionRequired)).toBe('UnInvoiced');
    expect(apInvoiceQuickFilterStatus(ApInvoiceQuickFilter.InProcess)).toBe('Invoiced');
    expect(AP_INVOICE_STATUS_FILTER_VALUES.UnInvoiced).toBe(AccountingFilterStatus.Uninvoiced);
  });

  it('limits only the All and Paid counts to 60 days', () => {
    expect(apInvoiceCountWindow('active', TODAY)).toEqual(['2026-01-10', TODAY]);
    expect(apInvoiceCountWindow('paid', TODAY)).toEqual(['2026-01-10', TODAY]);
    expect(apInvoiceCountWindow('actionRequired', TODAY)).toBeUndefined();
    expect(apInvoiceCountWindow('inProcess', TODAY)).toBeUndefined();
  });

  it('computes the AP date filter ranges', () => {
    expect(Object.values(ApInvoiceDateFilterType)).toEqual([
      'Last60Days',
      'Today',
      'Week',
      'Range',
    ]);
    expect(apInvoiceDateRange('Last60Days', TODAY)).toEqual(['2026-01-10', TODAY]);
    expect(apInvoiceDateRange('Today', TODAY)).toEqual([TODAY, TODAY]);
    expect(apInvoiceDateRange('Week', TODAY)).toEqual(['2026-03-08', '2026-03-14']);
    expect(apInvoiceDateRange('Range', TODAY, { start: '2026-02-01', end: '2026-02-10' })).toEqual([
      '2026-02-01',
      '2026-02-10',
    ]);
    expect(apInvoiceDateRange('Range', TODAY, { start: '2026-02-01' })).toBeUndefined();
  });
});

describe('third-party invoice status', () => {
  it('orders DRAFT, RECEIVED, SETTLED, PAID_IN_FULL', () => {
    expect(THIRD_PARTY_INVOICE_STATUSES).toEqual(['DRAFT', 'RECEIVED', 'SETTLED', 'PAID_IN_FULL']);
    expect(THIRD_PARTY_INVOICE_STATUSES.map(thirdPartyInvoiceStatusOrdinal)).toEqual([0, 1, 2, 3]);
    expect(thirdPartyInvoiceStatusOrdinal('VOID')).toBeUndefined();
  });

  it.each([
    ['PAID_IN_FULL', 'success'],
    ['DRAFT', 'default'],
    ['SETTLED', 'info'],
    ['RECEIVED', 'error'],
    ['SOMETHING_ELSE', 'default'],
    ['', 'default'],
  ])('%s shows a %s chip', (status, color) => {
    expect(thirdPartyInvoiceChipColor(status)).toBe(color);
  });

  it('is read-only from SETTLED on', () => {
    expect(isThirdPartyInvoiceReadOnly('DRAFT')).toBe(false);
    expect(isThirdPartyInvoiceReadOnly('RECEIVED')).toBe(false);
    expect(isThirdPartyInvoiceReadOnly('SETTLED')).toBe(true);
    expect(isThirdPartyInvoiceReadOnly('PAID_IN_FULL')).toBe(true);
    expect(isThirdPartyInvoiceReadOnly('UNKNOWN')).toBe(false);
  });

  it('moves one step forward only', () => {
    const statuses = THIRD_PARTY_INVOICE_STATUSES;
    const allowed = statuses.flatMap((from) =>
      statuses
        .filter((to) => canTransitionThirdPartyInvoice(from, to))
        .map((to) => `${from}->${to}`),
    );
    expect(allowed).toEqual(['DRAFT->RECEIVED', 'RECEIVED->SETTLED', 'SETTLED->PAID_IN_FULL']);
    expect(canTransitionThirdPartyInvoice('UNKNOWN', 'DRAFT')).toBe(false);
    expect(nextThirdPartyInvoiceStatus(ThirdPartyInvoiceStatus.PAID_IN_FULL)).toBeUndefined();
  });
});

describe('third-party invoice list', () => {
  it('has the views Action Required, Draft, Received, Settled, All with their params', () => {
    expect(
      THIRD_PARTY_INVOICE_VIEWS.map(({ label, params, countPageSize }) => ({
        label,
        params,
        countPageSize,
      })),
    ).toEqual([
      {
        label: 'Action Required',
        params: { actionRequired: true, isAuditable: true },
        countPageSize: 0,
      },
      { label: 'Draft', params: { status: 'DRAFT' }, countPageSize: 1 },
      { label: 'Received', params: { status: 'RECEIVED' }, countPageSize: 1 },
      { label: 'Settled', params: { status: 'SETTLED' }, countPageSize: 1 },
      { label: 'All', params: {}, countPageSize: 1 },
    ]);
    expect(THIRD_PARTY_INVOICE_DEFAULT_IS_AUDITABLE).toBe(true);
  });

  it('labels the date presets Today, Yesterday, This Week, Tomorrow, Range', () => {
    expect(Object.values(DATE_RANGE_PRESET_LABELS)).toEqual([
      'Today',
      'Yesterday',
      'This Week',
      'Tomorrow',
      'Range',
    ]);
  });

  it('computes each preset from today', () => {
    expect(dateRangeForPreset('Today', TODAY)).toEqual([TODAY, TODAY]);
    expect(dateRangeForPreset('Yesterday', TODAY)).toEqual(['2026-03-10', '2026-03-10']);
    expect(dateRangeForPreset('Tomorrow', TODAY)).toEqual(['2026-03-12', '2026-03-12']);
    expect(dateRangeForPreset('ThisWeek', TODAY)).toEqual(['2026-03-08', '2026-03-14']);
    expect(dateRangeForPreset('Yesterday', '2026-03-01')).toEqual(['2026-02-28', '2026-02-28']);
    expect(dateRangeForPreset('ThisWeek', '2025-12-31')).toEqual(['2025-12-28', '2026-01-03']);
    expect(dateRangeForPreset('Range', TODAY, { start: '2026-01-01', end: '2026-01-31' })).toEqual([
      '2026-01-01',
      '2026-01-31',
    ]);
    expect(dateRangeForPreset('Range', TODAY, { start: null, end: '2026-01-31' })).toBeUndefined();
    expect(dateRangeForPreset('Range', TODAY)).toBeUndefined();
  });

  it('computes the balance due in cents', () => {
    expect(balanceDue(150_000, 4_550)).toBe(145_450);
    expect(balanceDue(0, 0)).toBe(0);
    expect(balanceDue(1_000, 2_500)).toBe(-1_500);
    expect(() => balanceDue(10.5, 0)).toThrow(RangeError);
  });
});

describe('invoice form', () => {
  it('needs an invoice number or an amount, not both', () => {
    expect(isInvoiceFormValid({ invoiceNumber: 'INV-1', invoiceAmount: '' })).toBe(true);
    expect(isInvoiceFormValid({ invoiceNumber: '', invoiceAmount: '125.00' })).toBe(true);
    expect(isInvoiceFormValid({ invoiceNumber: ' ', invoiceAmount: '' })).toBe(false);
  });

  it('empties a non-numeric amount', () => {
    expect(sanitizeInvoiceAmountInput('125.50')).toBe('125.50');
    expect(sanitizeInvoiceAmountInput(' 42 ')).toBe('42');
    expect(sanitizeInvoiceAmountInput('.5')).toBe('.5');
    expect(sanitizeInvoiceAmountInput('12a')).toBe('');
    expect(sanitizeInvoiceAmountInput('abc')).toBe('');
    expect(sanitizeInvoiceAmountInput('-5')).toBe('');
  });

  it('cannot be submitted when invalid, settled or later, or saving', () => {
    const filled = { invoiceNumber: 'INV-1', invoiceAmount: '10' };
    expect(canSubmitInvoiceForm(filled, 'RECEIVED', false)).toBe(true);
    expect(canSubmitInvoiceForm(filled, 'DRAFT', false)).toBe(true);
    expect(canSubmitInvoiceForm({ invoiceNumber: '', invoiceAmount: '' }, 'DRAFT', false)).toBe(
      false,
    );
    expect(canSubmitInvoiceForm(filled, 'SETTLED', false)).toBe(false);
    expect(canSubmitInvoiceForm(filled, 'PAID_IN_FULL', false)).toBe(false);
    expect(canSubmitInvoiceForm(filled, 'DRAFT', true)).toBe(false);
  });
});

describe('third-party invoice access and work rules', () => {
  it('needs one of three permissions and one of five roles; the operator moves SETTLED and PAID_IN_FULL', () => {
    expect(THIRD_PARTY_INVOICE_ACCESS).toEqual({
      permissions: ['CarrierPortal', 'FactoringCompanyPortal', 'Admin'],
      roles: ['Admin', 'BillTo', 'BillingInquiry', 'AP', 'AR'],
    });
    expect(
      hasAccess(
        { roles: ['BillTo', 'BillingInquiry'], permissions: ['CarrierPortal'] },
        THIRD_PARTY_INVOICE_ACCESS,
      ),
    ).toBe(true);
    expect(
      hasAccess({ roles: [], permissions: ['CarrierPortal'] }, THIRD_PARTY_INVOICE_ACCESS),
    ).toBe(false);
    expect(
      hasAccess({ roles: ['Driver'], permissions: ['DriverPortal'] }, THIRD_PARTY_INVOICE_ACCESS),
    ).toBe(false);
    expect(
      THIRD_PARTY_INVOICE_STATUSES.flatMap((from) =>
        THIRD_PARTY_INVOICE_STATUSES.filter((to) => canOperatorMoveThirdPartyInvoice(from, to)).map(
          (to) => `${from}->${to}`,
        ),
      ),
    ).toEqual(['RECEIVED->SETTLED', 'SETTLED->PAID_IN_FULL']);
  });

  it('calls an invoice auditable when it has billing settings', () => {
    expect(isThirdPartyInvoiceAuditable({ billingSettingsId: 'b1' })).toBe(true);
    expect(isThirdPartyInvoiceAuditable({ billingSettingsId: null })).toBe(false);
  });

  it('requires action on delivered, open invoices not yet submitted or missing a document', () => {
    const base = {
      status: 'DRAFT',
      shipmentStatus: ShipmentStatus.Delivered,
      numberOfRequiredDocuments: 2,
      numberOfUploadedRequiredDocuments: 2,
    };
    expect(isThirdPartyInvoiceActionRequired(base)).toBe(true);
    expect(
      isThirdPartyInvoiceActionRequired({ ...base, shipmentStatus: ShipmentStatus.InTransit }),
    ).toBe(false);
    expect(
      isThirdPartyInvoiceActionRequired({
        ...base,
        shipmentStatus: ShipmentStatus.DeliveryConfirmed,
      }),
    ).toBe(true);
    expect(isThirdPartyInvoiceActionRequired({ ...base, status: 'RECEIVED' })).toBe(false);
    expect(
      isThirdPartyInvoiceActionRequired({
        ...base,
        status: 'RECEIVED',
        numberOfUploadedRequiredDocuments: 1,
      }),
    ).toBe(true);
    expect(
      isThirdPartyInvoiceActionRequired({
        ...base,
        status: 'SETTLED',
        numberOfUploadedRequiredDocuments: 0,
      }),
    ).toBe(false);
    expect(isThirdPartyInvoiceActionRequired({ ...base, status: 'VOID' })).toBe(false);
  });

  it('refuses edits from SETTLED on, without billing settings, and a DRAFT before delivery', () => {
    const open = {
      status: 'DRAFT',
      billingSettingsId: 'b1',
      shipmentStatus: ShipmentStatus.Delivered,
    };
    expect(thirdPartyInvoiceEditRefusal(open)).toBeUndefined();
    expect(thirdPartyInvoiceEditRefusal({ ...open, status: 'SETTLED' })).toBe('readOnly');
    expect(thirdPartyInvoiceEditRefusal({ ...open, status: 'PAID_IN_FULL' })).toBe('readOnly');
    expect(thirdPartyInvoiceEditRefusal({ ...open, billingSettingsId: null })).toBe('notEligible');
    expect(thirdPartyInvoiceEditRefusal({ ...open, shipmentStatus: ShipmentStatus.AtStop })).toBe(
      'notDelivered',
    );
    expect(
      thirdPartyInvoiceEditRefusal({
        ...open,
        status: 'RECEIVED',
        shipmentStatus: ShipmentStatus.AtStop,
      }),
    ).toBeUndefined();
    expect(thirdPartyInvoiceStatusAfterEdit('DRAFT')).toBe('RECEIVED');
    expect(thirdPartyInvoiceStatusAfterEdit('RECEIVED')).toBe('RECEIVED');
  });

  it('accepts portal invoice numbers and nothing else', () => {
    expect(isValidThirdPartyInvoiceNumber('TP800123')).toBe(true);
    expect(isValidThirdPartyInvoiceNumber(' TP800123 ')).toBe(true);
    expect(isValidThirdPartyInvoiceNumber('')).toBe(false);
    expect(isValidThirdPartyInvoiceNumber('   ')).toBe(false);
    expect(isValidThirdPartyInvoiceNumber(undefined)).toBe(false);
    expect(isValidThirdPartyInvoiceNumber('TP1; drop')).toBe(false);
    expect(isValidThirdPartyInvoiceNumber('T'.repeat(51))).toBe(false);
    expect(EXTERNAL_INVOICE_NUMBER_MAX_LENGTH).toBe(50);
  });
});
