import { describe, expect, it } from 'vitest';
import {
  accountingFilterOf,
  apInvoiceDueDate,
  apInvoiceSubmitRefusal,
  apPayStatus,
  canChooseQuickPay,
  nextApInvoiceOperatorAction,
  quickPayFeeCents,
} from './ap-invoices';
import { AccountingFilterStatus, ApInvoiceStatus } from './invoices';
import { ShipmentStatus } from './shipments';

describe('carrier invoice rules', () => {
  it('puts a draft under Action Required once delivered, Pending before', () => {
    expect(accountingFilterOf(ApInvoiceStatus.Draft, ShipmentStatus.Delivered)).toBe(
      AccountingFilterStatus.Uninvoiced,
    );
    expect(accountingFilterOf(ApInvoiceStatus.Draft, ShipmentStatus.InTransit)).toBe(
      AccountingFilterStatus.Pending,
    );
    expect(accountingFilterOf(ApInvoiceStatus.Settled, ShipmentStatus.DeliveryConfirmed)).toBe(
      AccountingFilterStatus.Invoiced,
    );
    expect(accountingFilterOf(ApInvoiceStatus.Voided, ShipmentStatus.Delivered)).toBeUndefined();
  });

  it('refuses a submission before delivery, without a proof of delivery, or twice', () => {
    const draft = { status: ApInvoiceStatus.Draft, missingProofOfDelivery: 0 };
    expect(apInvoiceSubmitRefusal({ ...draft, shipmentStatus: ShipmentStatus.AtStop })).toBe(
      'notDelivered',
    );
    expect(
      apInvoiceSubmitRefusal({
        ...draft,
        shipmentStatus: ShipmentStatus.Delivered,
        missingProofOfDelivery: 1,
      }),
    ).toBe('noProofOfDelivery');
    expect(
      apInvoiceSubmitRefusal({
        ...draft,
        status: ApInvoiceStatus.Received,
        shipmentStatus: ShipmentStatus.Delivered,
      }),
    ).toBe('notDraft');
    expect(
      apInvoiceSubmitRefusal({ ...draft, shipmentStatus: ShipmentStatus.Delivered }),
    ).toBeUndefined();
  });

  it('prices Quick Pay and dates the payment', () => {
    expect(quickPayFeeCents(215_075, 2)).toBe(7_528);
    expect(quickPayFeeCents(215_075, 3)).toBe(4_302);
    expect(quickPayFeeCents(215_075, 0)).toBe(0);
    expect(apInvoiceDueDate(0, '2026-11-20', '2026-11-24')).toBe('2026-12-20');
    expect(apInvoiceDueDate(2, '2026-11-20', '2026-11-24')).toBe('2026-11-26');
    expect(apInvoiceDueDate(3, null, '2026-11-24')).toBe('2026-11-27');
    expect(canChooseQuickPay(ApInvoiceStatus.Received)).toBe(true);
    expect(canChooseQuickPay(ApInvoiceStatus.Settled)).toBe(false);
  });

  it('gives the operator one step at a time', () => {
    expect(nextApInvoiceOperatorAction(ApInvoiceStatus.Draft)).toBeUndefined();
    expect(nextApInvoiceOperatorAction(ApInvoiceStatus.Received)).toBe('settle');
    expect(nextApInvoiceOperatorAction(ApInvoiceStatus.Settled)).toBe('pay');
    expect(nextApInvoiceOperatorAction(ApInvoiceStatus.PaidInFull)).toBeUndefined();
  });

  it('says where the money is', () => {
    const base = {
      shipmentStatus: ShipmentStatus.Delivered,
      missingProofOfDelivery: 0,
      receivedOn: '2026-11-02',
      dueDate: '2026-12-02',
      payment: null,
    };
    expect(apPayStatus({ ...base, status: ApInvoiceStatus.Settled }).text).toBe(
      'Approved, scheduled for payment on 12/02/2026',
    );
    expect(
      apPayStatus({
        ...base,
        status: ApInvoiceStatus.PaidInFull,
        payment: { checkNumber: '100245', paymentDate: '2026-11-09' },
      }).text,
    ).toBe('Paid by check 100245 on 11/09/2026');
    expect(apPayStatus({ ...base, status: ApInvoiceStatus.Received }).text).toBe(
      'Received on 11/02/2026, waiting for approval',
    );
    expect(
      apPayStatus({ ...base, status: ApInvoiceStatus.Draft, missingProofOfDelivery: 1 }).code,
    ).toBe('waitingForDocuments');
  });
});
