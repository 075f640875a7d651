import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import type { TenantScope } from '../../db/tenancy';

export interface PaymentFilter {
  from?: string;
  to?: string;
  offset: number;
  limit: number;
}

/** Payments made to the caller's carrier(s) or remitted to it (a factoring company). */
export async function listPayments(tx: Tx, scope: TenantScope, filter: PaymentFilter) {
  let base = tx
    .selectFrom('payments')
    .innerJoin('companies as payee', 'payee.id', 'payments.payeeCompanyId')
    .innerJoin('companies as carrier', 'carrier.id', 'payments.carrierCompanyId');
  if (scope.kind !== 'operator') {
    const carrierIds = scope.carrierIds.length ? [...scope.carrierIds] : [''];
    base = base.where((eb) =>
      eb.or([
        eb('payments.carrierCompanyId', 'in', carrierIds),
        eb('payments.payeeCompanyId', '=', scope.companyId),
      ]),
    );
  }
  if (filter.from) base = base.where('payments.paymentDate', '>=', filter.from);
  if (filter.to) base = base.where('payments.paymentDate', '<=', filter.to);
  const [rows, total] = await Promise.all([
    base
      .select([
        'payments.id',
        'payments.checkNumber',
        sql<string>`to_char(payments.payment_date, 'YYYY-MM-DD')`.as('paymentDate'),
        'payments.amountCents',
        'payments.paymentMethod',
        'payee.name as payeeName',
        'carrier.name as carrierName',
      ])
      .orderBy('payments.paymentDate', 'desc')
      .orderBy('payments.checkNumber', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    base.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(total.count) };
}
