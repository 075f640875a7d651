import type { PaymentListQuery, PaymentPage } from '@portal/contract';
import type { Caller } from '../../shared/auth/caller';
import type { AppContext } from '../../shared/app-context';
import { invalidField } from '../../shared/http/errors';
import { listPayments } from './repository';

export async function paymentList(
  ctx: AppContext,
  caller: Caller,
  query: PaymentListQuery,
): Promise<PaymentPage> {
  const { page, pageSize, paymentStartDate, paymentEndDate } = query;
  if (paymentStartDate && paymentEndDate && paymentStartDate > paymentEndDate)
    throw invalidField('paymentEndDate', 'The end date is before the start date');
  if (caller.scope.driverId) return { data: [], page, pageSize, totalCount: 0 };
  const { rows, totalCount } = await ctx.db.tenant(caller.scope, (tx) =>
    listPayments(tx, caller.scope, {
      ...(paymentStartDate ? { from: paymentStartDate } : {}),
      ...(paymentEndDate ? { to: paymentEndDate } : {}),
      offset: (page - 1) * pageSize,
      limit: pageSize,
    }),
  );
  return {
    data: rows.map((row) => ({
      id: row.id,
      checkNumber: row.checkNumber,
      paymentDate: row.paymentDate,
      amount: Number(row.amountCents) / 100,
      paymentMethod: row.paymentMethod,
      payeeName: row.payeeName,
      carrierName: row.carrierName,
    })),
    page,
    pageSize,
    totalCount,
  };
}
