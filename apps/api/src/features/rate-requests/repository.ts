import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import type { TenantScope } from '../../db/tenancy';

/** Rate requests per status between the caller's carrier(s) and customers, or on its shipments. */
export async function rateRequestStatusTally(tx: Tx, scope: TenantScope) {
  let query = tx
    .selectFrom('rateRequests')
    .select(['rateRequests.status', sql<string>`count(*)`.as('count')])
    .groupBy('rateRequests.status');
  if (scope.kind === 'operator') {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('shipments')
          .select('shipments.id')
          .whereRef('shipments.id', '=', 'rateRequests.shipmentId')
          .where('shipments.operatorCompanyId', '=', scope.companyId),
      ),
    );
  } else {
    const carrierIds = scope.carrierIds.length ? [...scope.carrierIds] : [''];
    query = query.where((eb) =>
      eb.or([
        eb('rateRequests.carrierCompanyId', 'in', carrierIds),
        eb('rateRequests.customerCompanyId', '=', scope.companyId),
      ]),
    );
  }
  const rows = await query.execute();
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}
