import { PAYMENTS_PAGE_SIZE } from '@portal/domain';
import Type, { type Static } from 'typebox';
import { Id, PageOf, PagingQuery } from './common';

/** GET /api/v1/payments: payment remittances, newest first (spec: paymentStartDate, paymentEndDate). */
export const PaymentListQuery = Type.Object(
  {
    paymentStartDate: Type.Optional(Type.String({ format: 'date' })),
    paymentEndDate: Type.Optional(Type.String({ format: 'date' })),
    /** The start of a check number (the list's search bar). */
    checkNumber: Type.Optional(Type.String({ maxLength: 50 })),
    ...PagingQuery(PAYMENTS_PAGE_SIZE, 100),
  },
  { additionalProperties: false },
);
export type PaymentListQuery = Static<typeof PaymentListQuery>;

export const PaymentSummary = Type.Object({
  id: Id,
  checkNumber: Type.String(),
  paymentDate: Type.String({ format: 'date' }),
  /** Dollars. */
  amount: Type.Number(),
  paymentMethod: Type.String(),
  payeeName: Type.String(),
  carrierName: Type.String(),
});
export type PaymentSummary = Static<typeof PaymentSummary>;

export const PaymentPage = PageOf(PaymentSummary);
export type PaymentPage = Static<typeof PaymentPage>;
